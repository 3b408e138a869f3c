import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentMethods } from './payment-methods';

describe('the payment methods at checkout', () => {
  it('offers cash on delivery and online only, to a shopper whose khata gives no credit', () => {
    render(<PaymentMethods chosen="COD" onChoose={() => {}} payLater={null} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'COD',
      'Online',
    ]);
    expect(screen.queryByLabelText(/Pay later/)).toBeNull();
  });

  it('offers "Pay later (khata)" with the balance and what is left of the limit, and chooses it', () => {
    const onChoose = vi.fn();
    render(
      <PaymentMethods
        chosen="COD"
        onChoose={onChoose}
        payLater={{ balance: 1250.5, creditLimit: 2000, left: 749.5 }}
      />,
    );
    const payLater = screen.getByRole('radio', { name: /Pay later \(khata\)/ });
    const note = document.getElementById(payLater.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('You owe ₹1250.50 · ₹749.50 of your ₹2000.00 limit left');

    fireEvent.click(payLater);
    expect(onChoose).toHaveBeenCalledWith('Khata');
  });
});
