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

describe('a cart line of a loose product', () => {
  const dal = aProduct({
    name: 'Toor Dal',
    unit: 'kg',
    steps: [250, 500, 750, 1000, 1500],
    price: 150,
    offerPrice: 140.05,
    stockCount: 1000,
  });

  it('offers its steps as "750 g", "1.5 kg", up to its stock and the shop’s most kilos per order', () => {
    const html = line(dal, 750, 5);
    // 1,000 g left.
    expect(choices(html)).toEqual([250, 500, 750, 1000]);
    expect(choices(line({ ...dal, stockCount: null }, 250, 1))).toEqual([250, 500, 750, 1000]);
    expect(choices(line({ ...dal, stockCount: null }, 250, 5))).toEqual([
      250, 500, 750, 1000, 1500,
    ]);
    expect(html).toContain('<option value="750" selected="">750 g</option>');
    expect(line({ ...dal, stockCount: null }, 1500)).toContain('>1.5 kg</option>');
    expect(html).not.toContain('per order');
  });

  it('shows the price per kilo and the line’s amount by the one rounding rule', () => {
    const html = line(dal, 750);
    expect(html).toContain('<span class="unit-price">Rs 140.05/kg</span>');
    // 750 g at Rs 140.05/kg is Rs 105.0375: Rs 105.04.
    expect(html).toContain('Rs 105.04');
  });

  it('says how little is left in grams when below its largest step', () => {
    expect(line({ ...dal, stockCount: 800 }, 500)).toContain('Only 800 g left');
  });
});
