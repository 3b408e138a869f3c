import { describe, expect, it } from 'vitest';
import { aProduct } from '../../test/products';
import { escapeHtml, headTags, productJsonLd, scriptJson } from './head-tags';
import { pageMeta } from './page-meta';

const ORIGIN = 'https://shop.example.in';

describe('headTags', () => {
  it('writes a product page’s title, description, canonical link, Open Graph and schema.org data', () => {
    const mango = aProduct({ name: 'Mango "Alphonso" & co', category: 'Fruits' });
    const tags = headTags(pageMeta(`/products/fruits/${mango._id}`, [mango]), ORIGIN);

    expect(tags).toContain('<title>Mango &quot;Alphonso&quot; &amp; co | Kirana</title>');
    expect(tags).toContain(
      `<link rel="canonical" href="${ORIGIN}/products/fruits/${mango._id}" />`,
    );
    expect(tags).toContain('<meta property="og:type" content="product" />');
    expect(tags).toContain(`<meta property="og:image" content="${ORIGIN}${mango.image[0]}" />`);
    expect(tags).toContain('<script type="application/ld+json">');
    expect(tags).not.toContain('noindex');
  });

  it('marks a page that is not found noindex, with no canonical link or product data', () => {
    const tags = headTags(pageMeta('/nothing', []), ORIGIN);
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).not.toContain('canonical');
    expect(tags).not.toContain('ld+json');
    expect(tags).toContain(`<meta property="og:image" content="${ORIGIN}/logo.png" />`);
  });
});

describe('productJsonLd', () => {
  it('offers the product at its offer price in rupees, with its stock as availability', () => {
    const product = aProduct({ offerPrice: 45.5, inStock: false, weight: null });
    expect(productJsonLd(product, `${ORIGIN}/p`, ORIGIN)).toMatchObject({
      '@type': 'Product',
      image: [`${ORIGIN}${product.image[0]}`],
      offers: {
        price: '45.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
        url: `${ORIGIN}/p`,
      },
    });
    expect(productJsonLd(product, `${ORIGIN}/p`, ORIGIN)).not.toHaveProperty('size');
  });
});

describe('escaping', () => {
  it('escapes what could end an attribute or start a tag', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('writes JSON that no text can end a script element with, and that parses back the same', () => {
    const value = { name: '</script><script>alert(1)</script> <!-- & -->' };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
