import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, type ProductFormValues } from './product-form';
import {
  openProductForm,
  productFormReducer,
  type ProductFormEvent,
  type ProductFormState,
  type ProductTextField,
} from './product-form-reducer';

const run = (state: ProductFormState, ...events: ProductFormEvent[]) =>
  events.reduce(productFormReducer, state);
const picture = (name: string, type = 'image/png') =>
  new File([new Uint8Array(10)], name, { type });
const edit = (field: ProductTextField, value: string) =>
  ({ type: 'field edited', field, value }) as const;
const soldBy = (unit: 'piece' | 'kg' | 'L') => ({ type: 'unit chosen', unit }) as const;
const toorDal = {
  id: '0190a5b2-7c3e-7a10-8000-000000000042',
  name: 'Toor Dal',
  unit: 'kg',
} as const;

/** A new product's form, filled so that the server's rules take it. */
const filled = () =>
  run(
    openProductForm(EMPTY_PRODUCT_FORM),
    edit('name', 'Alphonso Mango'),
    edit('category', 'Fruits'),
    edit('price', '120'),
    edit('offerPrice', '99.50'),
  );

const mango: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: 'Alphonso Mango',
  category: 'Fruits',
  price: '120',
  offerPrice: '99.50',
  images: ['https://cdn.example/mango.webp', null, null, null],
};

describe('the product form, event by event', () => {
  it('a field edited holds what was typed, and its problem goes', () => {
    const refused = run(filled(), edit('price', ''), { type: 'submitted' });
    expect(refused.problems.price).toBe('Must be a number');

    const state = run(refused, edit('price', '150'));
    expect(state.values.price).toBe('150');
    expect(state.problems).toEqual({});
  });

  it('a picture chosen takes its slot; one the server would refuse is said and left out', () => {
    const front = picture('front.png');
    const chosen = run(filled(), { type: 'picture chosen', slot: 1, file: front });
    expect(chosen.values.images).toEqual([null, front, null, null]);
    expect(chosen.notice).toBeNull();

    const refused = run(chosen, {
      type: 'picture chosen',
      slot: 2,
      file: picture('a.gif', 'image/gif'),
    });
    expect(refused.values.images).toEqual([null, front, null, null]);
    expect(refused.notice).toBe('a.gif is not a JPEG, PNG, WebP or AVIF picture');
  });

  it('a picture removed empties its slot, and what was wrong with the pictures goes', () => {
    const state = run(
      openProductForm(mango),
      {
        type: 'refused',
        problems: { images: 'Keep only pictures the product already has' },
      },
      { type: 'picture removed', slot: 0 },
    );
    expect(state.values.images).toEqual([null, null, null, null]);
    expect(state.problems).toEqual({});
  });

  it('submitted, a form the server’s rules refuse names what is wrong under each field, and says the first whole', () => {
    const state = run(openProductForm(EMPTY_PRODUCT_FORM), edit('price', '50'), {
      type: 'submitted',
    });
    expect(state.problems).toEqual({
      name: 'Required',
      category: 'Choose a category',
      offerPrice: 'Must be a number',
    });
    // The first said whole, once.
    expect(state.notice).toBe('Product name is required');

    const above = run(filled(), edit('offerPrice', '120.01'), { type: 'submitted' });
    expect(above.problems).toEqual({ offerPrice: 'Must not exceed price' });
    expect(above.notice).toBe('Offer price must not exceed price');
  });

  it('submitted, a form the rules take has no problems and says nothing', () => {
    const state = run(filled(), { type: 'submitted' });
    expect(state.problems).toEqual({});
    expect(state.notice).toBeNull();
  });

  it('a notice is said once: the next event is silent', () => {
    const state = run(
      openProductForm(EMPTY_PRODUCT_FORM),
      { type: 'submitted' },
      edit('name', 'Tea'),
    );
    expect(state.notice).toBeNull();
  });

  it('the answer received starts a new product’s form afresh', () => {
    const state = run(
      filled(),
      { type: 'picture chosen', slot: 0, file: picture('front.png') },
      {
        type: 'answer received',
      },
    );
    expect(state).toEqual(openProductForm(EMPTY_PRODUCT_FORM));
  });

  it('the answer received to an edit keeps the form, which now starts from what was saved', () => {
    const state = run(openProductForm(mango), edit('price', '130'), { type: 'answer received' });
    expect(state.values.price).toBe('130');
    expect(state.initial).toBe(state.values);
  });

  it('refused, the field the server names is at fault beside those found before', () => {
    const found = run(filled(), edit('name', ''), { type: 'submitted' });
    const state = run(found, {
      type: 'refused',
      problems: { barcode: '8901030865279 is already used by another product' },
    });
    expect(state.problems).toEqual({
      name: 'Required',
      barcode: '8901030865279 is already used by another product',
    });
    expect(state.values).toEqual(found.values);
  });

  it('a unit chosen: loose, the usual steps are offered in its measure, and what its fields were refused for goes', () => {
    const refused = run(filled(), edit('scaleCode', '12'), soldBy('kg'), { type: 'submitted' });
    expect(refused.problems).toEqual({ scaleCode: 'Must be 5 digits' });

    const litres = run(refused, soldBy('L'));
    expect(litres.values.unit).toBe('L');
    expect(litres.values.steps).toBe('250 ml, 500 ml, 1 L');
    expect(litres.problems).toEqual({});
    expect(run(openProductForm(EMPTY_PRODUCT_FORM), soldBy('kg')).values.steps).toBe(
      '250 g, 500 g, 1 kg',
    );
  });

  it('a unit chosen keeps the steps the seller typed, and a piece sends none of them', () => {
    const typed = run(filled(), soldBy('kg'), edit('steps', '100 g, 200 g'), soldBy('L'));
    expect(typed.values.steps).toBe('100 g, 200 g');
    const piece = run(typed, soldBy('piece'), { type: 'submitted' });
    expect(piece.problems).toEqual({});
    expect(piece.values.steps).toBe('100 g, 200 g');
  });

  it('submitted loose, steps that cannot be read or go down are refused under their field', () => {
    const unread = run(filled(), soldBy('kg'), edit('steps', '250 g, half'), { type: 'submitted' });
    expect(unread.problems).toEqual({
      steps: '"half" is not a weight: write e.g. 0.75, 750g or 1.2kg',
    });
    expect(unread.notice).toBe(
      'Steps offered online: "half" is not a weight: write e.g. 0.75, 750g or 1.2kg',
    );
    const down = run(filled(), soldBy('kg'), edit('steps', '1 kg, 500 g'), { type: 'submitted' });
    expect(down.problems).toEqual({
      steps: 'Steps go from the smallest up, each once: 500 g comes after 1 kg',
    });
  });

  it('submitted, a pack label needs its family, and a pack’s quantity its loose product', () => {
    const label = run(filled(), edit('packLabel', '1 kg'), { type: 'submitted' });
    expect(label.problems).toEqual({ packLabel: 'A pack label needs the family it is a size of' });

    const holds = run(filled(), edit('packQuantity', '1 kg'), { type: 'submitted' });
    expect(holds.problems).toEqual({
      drawsFrom: 'Choose the loose product the pack is sold from',
    });
  });

  it('a loose product chosen: the pack’s quantity is read in its measure, and their problems go', () => {
    const refused = run(filled(), edit('packQuantity', '1 kg'), { type: 'submitted' });
    const chosen = run(refused, { type: 'loose product chosen', product: toorDal });
    expect(chosen.values.drawsFrom).toEqual(toorDal);
    expect(chosen.problems).toEqual({});
    expect(run(chosen, { type: 'submitted' }).problems).toEqual({});

    const litres = run(
      chosen,
      { type: 'loose product chosen', product: { ...toorDal, name: 'Mustard Oil', unit: 'L' } },
      { type: 'submitted' },
    );
    expect(litres.problems).toEqual({
      packQuantity: 'This product is sold by volume (L or ml), not weight',
    });
    expect(
      run(litres, { type: 'loose product chosen', product: null }).values.drawsFrom,
    ).toBeNull();
  });
});
