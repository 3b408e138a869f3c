import type { Product } from '@kirana/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../../../test/products';
import { CartLineItem } from './cart-line-item';

/** The cart's line of `quantity` of `product`, in a shop taking at most `mostPerLine` a line. */
function line(product: Product, quantity: number, mostPerLine?: number): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/cart']}>
      <CartLineItem
        line={{ product, quantity }}
        mostPerLine={mostPerLine}
        onQuantityChange={() => undefined}
        onRemove={() => undefined}
      />
    </MemoryRouter>,
  );
}

const choices = (html: string) =>
  [...html.matchAll(/<option value="(\d+)"/g)].map((match) => Number(match[1]));

describe('a cart line’s quantity chooser', () => {
  it('stops at the shop’s most per order and says so once the line holds it', () => {
    const soap = aProduct({ name: 'Soap', stockCount: null });
    expect(choices(line(soap, 1, 5))).toEqual([1, 2, 3, 4, 5]);
    expect(line(soap, 4, 5)).not.toContain('At most 5 per order');
    const full = line(soap, 5, 5);
    expect(full).toContain('<p class="cart-line__meta">At most 5 per order</p>');
  });

  it('stops at the units left when fewer than the most per order', () => {
    const tea = aProduct({ name: 'Tea', stockCount: 3 });
    expect(choices(line(tea, 1, 20))).toEqual([1, 2, 3]);
  });

  it('keeps a quantity over the most (the seller lowered it) on show, warned', () => {
    const rice = aProduct({ name: 'Rice', stockCount: null });
    const over = line(rice, 8, 5);
    expect(choices(over)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(over).toContain('<p class="cart-line__warning">At most 5 per order</p>');
  });
});
