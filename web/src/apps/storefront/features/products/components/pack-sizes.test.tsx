import type { Product } from '@kirana/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aProduct, sizeOf as size } from '../../../../../test/products';
import { PackSizes } from './pack-sizes';

const render = (product: Product) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PackSizes product={product} />
    </MemoryRouter>,
  );

describe('the size chooser of a product of a family', () => {
  const family = { family: 'Aashirvaad Atta', category: 'Grains' };
  const one = aProduct({ ...family, packLabel: '1 kg', offerPrice: 55 });
  const five = aProduct({ ...family, packLabel: '5 kg', offerPrice: 240 });
  const ten = aProduct({ ...family, packLabel: '10 kg', offerPrice: 450, inStock: false });
  const packs = [one, five, ten].map(size);

  it('links each size to its own page with its price, the shown one current, and says which are out', () => {
    const html = render({ ...five, packs });
    const links = [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map(([, attributes = '', text]) => ({
      href: /href="([^"]+)"/.exec(attributes)?.[1],
      current: attributes.includes('aria-current="page"'),
      text,
    }));
    expect(links).toEqual([
      {
        href: `/products/grains/${one._id}`,
        current: false,
        text: expect.stringContaining('1 kg'),
      },
      {
        href: `/products/grains/${five._id}`,
        current: true,
        text: expect.stringContaining('5 kg'),
      },
      {
        href: `/products/grains/${ten._id}`,
        current: false,
        text: expect.stringContaining('Out of stock'),
      },
    ]);
    expect(links[1]?.text).toContain('Rs 240.00');
    expect(html).toContain('aria-label="Sizes"');
  });

  it('shows nothing for a product of no family, or a family of one size', () => {
    expect(render(aProduct())).toBe('');
    expect(render({ ...one, packs: [size(one)] })).toBe('');
  });
});
