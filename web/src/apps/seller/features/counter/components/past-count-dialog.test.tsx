import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../../../test/products';
import { PastCountDialog, pastCountText } from './past-count-dialog';

const gone = {
  product: aProduct({ name: 'Tea 250 g', stockCount: 0, inStock: false }),
  quantity: 2,
};
const few = { product: aProduct({ name: 'Soap', stockCount: 1 }), quantity: 3 };

describe('the question before a sale past the count', () => {
  it('names each product, what the count says and how many are sold past it', () => {
    expect(pastCountText(gone)).toBe('Tea 250 g: the count says none left, 2 sold past it');
    expect(pastCountText(few)).toBe('Soap: the count says only 1 left, 2 sold past it');
    const onion = aProduct({ name: 'Onion', unit: 'kg', stockCount: 1500 });
    expect(pastCountText({ product: onion, quantity: 2250 })).toBe(
      'Onion: the count says only 1.5 kg left, 750 g sold past it',
    );
  });

  it('lists the lines, Esc going back and Enter selling anyway; the button says so while it records', () => {
    const html = renderToStaticMarkup(
      <PastCountDialog lines={[gone, few]} busy={false} onSell={() => {}} onBack={() => {}} />,
    );
    expect(html).toContain('Sell past the count?');
    expect(html).toContain('<li>Tea 250 g: the count says none left, 2 sold past it</li>');
    expect(html).toContain('<li>Soap: the count says only 1 left, 2 sold past it</li>');
    expect(html).toMatch(/Back to the bill <kbd>Esc<\/kbd>/);
    expect(html).toMatch(/aria-busy="false">Sell anyway <kbd>Enter<\/kbd>/);
    const busy = renderToStaticMarkup(
      <PastCountDialog lines={[gone]} busy onSell={() => {}} onBack={() => {}} />,
    );
    expect(busy).toMatch(/aria-busy="true">Recording…/);
  });
});
