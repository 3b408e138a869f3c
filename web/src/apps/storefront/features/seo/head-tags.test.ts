import type { CategoryDto } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../../test/products';
import { headTags, productJsonLd } from './head-tags';
import { pageMeta } from './page-meta';

const kirana = { name: 'Kirana', promiseMinutes: 30 };

const ORIGIN = 'https://shop.example.in';

const fruits: CategoryDto = {
  _id: 'category-fruits',
  text: 'Fresh Fruits',
  path: 'Fruits',
  image: '/uploads/categories/fruits.webp',
  bgColor: '#FEF6DA',
  position: 1,
  hidden: false,
};

/** The schema.org data in `tags`. */
function jsonLd(tags: string): unknown {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(tags)?.[1];
  if (json === undefined) throw new Error('no schema.org data in the tags');
  return JSON.parse(json);
}

describe('headTags', () => {
  it('writes a product page’s title, description, canonical link, Open Graph and schema.org data', () => {
    const mango = aProduct({ name: 'Mango "Alphonso" & co', category: 'Fruits' });
    const tags = headTags(
      pageMeta(`/products/fruits/${mango._id}`, {
        shop: kirana,
        categories: [fruits],
        product: mango,
      }),
      ORIGIN,
    );

    expect(tags).toContain('<title>Mango &quot;Alphonso&quot; &amp; co | Kirana</title>');
    expect(tags).toContain(
      `<link rel="canonical" href="${ORIGIN}/products/fruits/${mango._id}" />`,
    );
    expect(tags).toContain('<meta property="og:type" content="product" />');
    expect(tags).toContain(`<meta property="og:image" content="${ORIGIN}${mango.image[0]}" />`);
    expect(jsonLd(tags)).toMatchObject({
      '@type': 'Product',
      name: 'Mango "Alphonso" & co',
      sku: mango._id,
      category: 'Fresh Fruits',
      offers: { url: `${ORIGIN}/products/fruits/${mango._id}` },
    });
    expect(tags).not.toContain('noindex');
  });

  it('names a product’s category by its path when its label is not known', () => {
    const mango = aProduct({ category: 'Fruits' });
    const tags = headTags(
      pageMeta(`/products/fruits/${mango._id}`, { shop: kirana, categories: null, product: mango }),
      ORIGIN,
    );
    expect(jsonLd(tags)).toMatchObject({ category: 'Fruits' });
  });

  it('writes a category page as a website, with its canonical link and no product data', () => {
    const tags = headTags(
      pageMeta('/products/Fruits', { shop: kirana, categories: [fruits] }),
      ORIGIN,
    );
    expect(tags).toContain('<title>Fresh Fruits | Kirana</title>');
    expect(tags).toContain(`<link rel="canonical" href="${ORIGIN}/products/fruits" />`);
    expect(tags).toContain('<meta property="og:type" content="website" />');
    expect(tags).not.toContain('ld+json');
  });

  it('marks a page that is not found noindex, with no canonical link or product data', () => {
    const tags = headTags(pageMeta('/nothing', { shop: kirana, categories: [fruits] }), ORIGIN);
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).not.toContain('canonical');
    expect(tags).not.toContain('ld+json');
    expect(tags).toContain(`<meta property="og:image" content="${ORIGIN}/logo.png" />`);
  });
});

describe('productJsonLd', () => {
  it('offers the product at its offer price in rupees, with its stock as availability', () => {
    const product = aProduct({ offerPrice: 45.5, inStock: false, weight: null });
    expect(
      productJsonLd(product, 'Fresh Vegetables', `${ORIGIN}/p`, ORIGIN, 'Kirana'),
    ).toMatchObject({
      '@type': 'Product',
      category: 'Fresh Vegetables',
      image: [`${ORIGIN}${product.image[0]}`],
      offers: {
        price: '45.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
        url: `${ORIGIN}/p`,
      },
    });
    expect(
      productJsonLd(product, 'Fresh Vegetables', `${ORIGIN}/p`, ORIGIN, 'Kirana'),
    ).not.toHaveProperty('size');
    expect(
      productJsonLd(aProduct({ weight: '1 kg' }), 'Fresh Vegetables', '', ORIGIN, 'Kirana'),
    ).toHaveProperty('size', '1 kg');
  });
});
