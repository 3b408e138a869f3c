import type { Address } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { chosenAddress } from './address-queries';

const address = (id: string): Address => ({
  _id: id,
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560038',
  country: 'India',
  phone: '9812345678',
});

describe('the delivery address in effect', () => {
  it('is the one picked, else the first saved one, else none', () => {
    const [home, work] = [address('a1'), address('a2')];
    expect(chosenAddress([home, work], 'a2')).toBe(work);
    expect(chosenAddress([home, work], null)).toBe(home);
    expect(chosenAddress([home, work], 'gone')).toBe(home);
    expect(chosenAddress([], null)).toBeNull();
  });
});
