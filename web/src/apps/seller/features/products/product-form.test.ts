import { MAX_IMAGE_BYTES, productDataSchema } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRODUCT_FORM,
  imageProblem,
  productData,
  productFormData,
  productFormProblem,
  productFormProblems,
  productFormValues,
  productUpdateFormData,
  refusalProblems,
  type ProductFormValues,
} from './product-form';
import { ApiError } from '../../../../lib/api-client';
import { aLooseProductAndPack, aProduct } from '../../../../test/products';

const picture = (name: string, type = 'image/png', size = 10) =>
  new File([new Uint8Array(size)], name, { type });

const filled = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...EMPTY_PRODUCT_FORM,
  name: '  Alphonso Mango ',
  description: 'Sweet and juicy\n\n  From Ratnagiri  \r\nRipe in 2 days\n',
  category: 'Fruits',
  price: '120',
  offerPrice: '99.50',
  weight: ' 1 kg ',
  ...overrides,
});

describe('product form → FormData', () => {
  it('sends productData as JSON text the server schema accepts, with one bullet per non-empty line', () => {
    const form = productFormData(filled());

    const text = form.get('productData');
    expect(typeof text).toBe('string');
    const data = JSON.parse(text as string) as unknown;
    expect(data).toEqual({
      name: 'Alphonso Mango',
      description: ['Sweet and juicy', 'From Ratnagiri', 'Ripe in 2 days'],
      category: 'Fruits',
      price: 120,
      offerPrice: 99.5,
      weight: '1 kg',
      sku: null,
      barcode: null,
      // Sold by the piece, of no family and drawing from nothing.
      unit: 'piece',
      steps: null,
      scaleCode: null,
      family: null,
      packLabel: null,
      drawsFrom: null,
      packQuantity: null,
      hsn: null,
      gstRate: null,
    });
    expect(productDataSchema.safeParse(data).success).toBe(true);
  });

  it('sends the HSN code and the GST rate in percent; an HSN code not of 4, 6 or 8 digits is said', () => {
    expect(productData(filled({ hsn: '08045020', gstRate: '0.25' }))).toMatchObject({
      hsn: '08045020',
      gstRate: 0.25,
    });
    expect(productData(filled({ hsn: '1006', gstRate: '0' }))).toMatchObject({ gstRate: 0 });
    expect(productFormProblems(filled({ hsn: '10065' }))).toEqual({
      hsn: 'Must be an HSN code of 4, 6 or 8 digits, such as 1006 or 04012000',
    });
  });

  it('sends each chosen picture as an `images` file in slot order, skipping empty slots', () => {
    const first = picture('front.png');
    const third = picture('back.webp', 'image/webp');
    const form = productFormData(filled({ images: [first, null, third, null] }));

    const images = form.getAll('images');
    expect(images).toHaveLength(2);
    expect(images.map((file) => (file as File).name)).toEqual(['front.png', 'back.webp']);
  });

  it('sends a blank weight as none, and no images when none are chosen', () => {
    const form = productFormData(filled({ weight: '   ' }));

    expect(JSON.parse(form.get('productData') as string)).toMatchObject({ weight: null });
    expect(form.getAll('images')).toEqual([]);
  });

  it('refuses to build a body from a form that has not been checked', () => {
    expect(() => productData(filled({ price: 'abc' }))).toThrow(RangeError);
    expect(() => productData(filled({ category: '' }))).toThrow(RangeError);
  });
});

describe('a product sold loose, or a pack', () => {
  it('sends a loose product’s steps in grams (ml), read as typed, and its scale code', () => {
    const data = productData(
      filled({ unit: 'kg', steps: '250 g, 0.5, 1kg, 2.5 KG', scaleCode: ' 00042 ' }),
    );
    expect(data).toMatchObject({
      unit: 'kg',
      steps: [250, 500, 1000, 2500],
      scaleCode: '00042',
      drawsFrom: null,
      packQuantity: null,
    });
    expect(productData(filled({ unit: 'L', steps: '500 ml, 1 L' })).steps).toEqual([500, 1000]);
    // None: the server offers the usual 250 g, 500 g and 1 kg.
    expect(productData(filled({ unit: 'kg', steps: ' , ' })).steps).toBeNull();
  });

  it('sends no steps, scale code nor loose product that the unit does not take', () => {
    const dal = {
      id: '0190a5b2-7c3e-7a10-8000-000000000042',
      name: 'Toor Dal',
      unit: 'kg',
    } as const;
    expect(
      productData(
        filled({ steps: '1 kg', scaleCode: '00042', drawsFrom: dal, packQuantity: '1 kg' }),
      ),
    ).toMatchObject({
      unit: 'piece',
      steps: null,
      scaleCode: null,
      drawsFrom: dal.id,
      packQuantity: 1000,
    });
    expect(productData(filled({ unit: 'kg', drawsFrom: dal, packQuantity: '1 kg' }))).toMatchObject(
      { unit: 'kg', drawsFrom: null, packQuantity: null },
    );
  });

  it('refuses a scale code not of 5 digits, a family without its pack label, and a pack holding 0', () => {
    expect(productFormProblem(filled({ unit: 'kg', scaleCode: '4242' }))).toBe(
      'Scale code must be 5 digits',
    );
    expect(productFormProblem(filled({ family: 'Aashirvaad Atta' }))).toBe(
      'Pack label: say which size of Aashirvaad Atta this is, e.g. "1 kg"',
    );
    const dal = {
      id: '0190a5b2-7c3e-7a10-8000-000000000042',
      name: 'Toor Dal',
      unit: 'kg',
    } as const;
    expect(productFormProblem(filled({ drawsFrom: dal, packQuantity: '0 g' }))).toBe(
      'A pack holds: A weight must be more than 0',
    );
    expect(productFormProblem(filled({ drawsFrom: dal, packQuantity: '' }))).toBe(
      'A pack holds: say how many grams (or ml) of the loose product the pack holds',
    );
  });
});

describe('product form checks', () => {
  it('accepts a complete form', () => {
    expect(productFormProblem(filled())).toBeNull();
  });

  it('names what is missing by the server’s rules, in the form’s words', () => {
    expect(productFormProblem(filled({ name: '  ' }))).toBe('Product name is required');
    expect(productFormProblem(filled({ category: '' }))).toBe('Choose a category');
    expect(productFormProblem(filled({ price: '' }))).toBe('Product price must be a number');
    expect(productFormProblem(filled({ offerPrice: '' }))).toBe('Offer price must be a number');
  });

  it('refuses an offer price above the product price, as the server does', () => {
    expect(productFormProblem(filled({ price: '50', offerPrice: '50.01' }))).toBe(
      'Offer price must not exceed price',
    );
    expect(productFormProblem(filled({ price: '50', offerPrice: '50' }))).toBeNull();
  });

  it('reads prices as typed: positive rupees with at most two decimals', () => {
    expect(productData(filled({ price: ' 120 ', offerPrice: '99.5' }))).toMatchObject({
      price: 120,
      offerPrice: 99.5,
    });
    expect(productFormProblem(filled({ price: '0' }))).toBe('Product price must be greater than 0');
    expect(productFormProblem(filled({ price: '-3' }))).toBe(
      'Product price must be greater than 0',
    );
    expect(productFormProblem(filled({ price: '1.999' }))).toBe(
      'Product price must have at most two decimals',
    );
    expect(productFormProblem(filled({ price: '1e3' }))).toBe('Product price must be a number');
  });

  it('takes JPEG, PNG, WebP and AVIF pictures up to 5 MB, and nothing else', () => {
    expect(imageProblem(picture('a.jpg', 'image/jpeg'))).toBeNull();
    expect(imageProblem(picture('a.avif', 'image/avif'))).toBeNull();
    expect(imageProblem(picture('a.gif', 'image/gif'))).toBe(
      'a.gif is not a JPEG, PNG, WebP or AVIF picture',
    );
    expect(imageProblem(picture('big.png', 'image/png', MAX_IMAGE_BYTES + 1))).toBe(
      'Each image must be at most 5 MB',
    );
  });
});

describe('a refusal at its field', () => {
  it('puts the server’s refusal under the field its message starts with, less its name', () => {
    const taken = new ApiError('barcode 8901030865279 is already used by another product', 409);
    expect(refusalProblems(taken)).toEqual({
      barcode: '8901030865279 is already used by another product',
    });
    expect(refusalProblems(new ApiError('offerPrice must not exceed price', 400))).toEqual({
      offerPrice: 'Must not exceed price',
    });
    expect(
      refusalProblems(new ApiError('SKU ATTA-5KG is already used by another product', 409)),
    ).toEqual({
      sku: 'ATTA-5KG is already used by another product',
    });
    expect(refusalProblems(new ApiError('images: a product has at most 4 pictures', 400))).toEqual({
      images: 'A product has at most 4 pictures',
    });
    expect(
      refusalProblems(new ApiError('scaleCode 00042 is already used by Toor Dal', 409)),
    ).toEqual({ scaleCode: '00042 is already used by Toor Dal' });
    expect(refusalProblems(new ApiError('drawsFrom: Toor Dal is archived', 400))).toEqual({
      drawsFrom: 'Toor Dal is archived',
    });
    expect(
      refusalProblems(new ApiError('gstRate must be one of 0, 0.25, 3, 5, 18, 40 (percent)', 400)),
    ).toEqual({
      gstRate: 'Must be one of 0, 0.25, 3, 5, 18, 40 (percent)',
    });
  });

  it('puts nothing at a field when the refusal names none, or the server was not reached', () => {
    expect(refusalProblems(new ApiError('Product not found', 404))).toEqual({});
    expect(refusalProblems(new ApiError('name of the store is down', 503))).toEqual({});
    expect(refusalProblems(new Error('price went wrong'))).toEqual({});
  });
});

describe('editing a product', () => {
  const product = {
    ...aProduct(),
    name: 'Alphonso Mango',
    description: ['Sweet and juicy', 'From Ratnagiri'],
    category: 'Fruits' as const,
    price: 120,
    offerPrice: 99.5,
    weight: null,
    image: [
      'https://shop.example/uploads/products/a-800.webp',
      'https://shop.example/uploads/products/b-800.webp',
    ],
  };

  it('fills the form with the product as it stands, its pictures in the first slots', () => {
    // Sold by the piece, of no family: its unit fields as a new form has them.
    expect(productFormValues(product)).toEqual({
      ...EMPTY_PRODUCT_FORM,
      name: 'Alphonso Mango',
      description: 'Sweet and juicy\nFrom Ratnagiri',
      category: 'Fruits',
      price: '120',
      offerPrice: '99.5',
      images: [product.image[0], product.image[1], null, null],
    });
  });

  it('fills its HSN code and GST rate, and sends only them when only they changed', () => {
    const taxed = { ...product, hsn: '0804', gstRate: 5 };
    const initial = productFormValues(taxed);
    expect(initial).toMatchObject({ hsn: '0804', gstRate: '5' });
    const sent = productUpdateFormData(taxed._id, { ...initial, gstRate: '18', hsn: '' }, initial);
    expect(JSON.parse(sent.get('productData') as string)).toEqual({
      id: taxed._id,
      hsn: null,
      gstRate: 18,
    });
  });

  const { loose: dal, pack } = aLooseProductAndPack({ steps: [250, 500, 1000, 2000] });

  it('fills a loose product’s steps and a pack’s quantity as the seller writes them', () => {
    expect(productFormValues(dal)).toMatchObject({
      unit: 'kg',
      steps: '250 g, 500 g, 1 kg, 2 kg',
      scaleCode: '00042',
    });
    expect(productFormValues(pack, dal)).toMatchObject({
      family: 'Toor Dal',
      packLabel: '1 kg',
      drawsFrom: { id: dal._id, name: 'Toor Dal', unit: 'kg' },
      packQuantity: '1 kg',
    });
  });

  it('sends a pack’s unchanged loose product as no change, and a loose product turned to pieces without its steps', () => {
    const initial = productFormValues(pack, dal);
    expect(
      JSON.parse(
        productUpdateFormData(pack._id, { ...initial, packQuantity: '500 g' }, initial).get(
          'productData',
        ) as string,
      ),
    ).toEqual({ id: pack._id, packQuantity: 500 });

    const loose = productFormValues(dal);
    expect(
      JSON.parse(
        productUpdateFormData(dal._id, { ...loose, unit: 'piece' }, loose).get(
          'productData',
        ) as string,
      ),
    ).toEqual({ id: dal._id, unit: 'piece', steps: null, scaleCode: null });
  });

  it('sends the id and only what changed; the pictures in slot order, new ones by index', () => {
    const initial = productFormValues(product);
    const fresh = picture('new.png');
    const form = productUpdateFormData(
      product._id,
      { ...initial, name: 'Mango', images: [fresh, null, product.image[1]!, null] },
      initial,
    );
    expect(JSON.parse(form.get('productData') as string)).toEqual({
      id: product._id,
      name: 'Mango',
      image: [0, product.image[1]],
    });
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['new.png']);
  });

  it('leaves the pictures out when their slots did not change', () => {
    const initial = productFormValues(product);
    const form = productUpdateFormData(product._id, { ...initial, offerPrice: '89.5' }, initial);
    expect(JSON.parse(form.get('productData') as string)).toEqual({
      id: product._id,
      offerPrice: 89.5,
    });
  });
});
