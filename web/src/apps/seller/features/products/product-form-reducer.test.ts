import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, type ProductFormValues } from './product-form';
import {
  openProductForm,
  productFormReducer,
  type ProductFormEvent,
  type ProductFormState,
} from './product-form-reducer';

const run = (state: ProductFormState, ...events: ProductFormEvent[]) =>
  events.reduce(productFormReducer, state);
const picture = (name: string, type = 'image/png') =>
  new File([new Uint8Array(10)], name, { type });
const edit = (field: 'name' | 'price' | 'offerPrice' | 'category', value: string) =>
  ({ type: 'field edited', field, value }) as const;

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
});
