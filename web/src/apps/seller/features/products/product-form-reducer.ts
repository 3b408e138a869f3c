/*
 * The product form as a pure reducer over what the seller does and what the server answers:
 * fields edited, pictures chosen and removed, the form submitted, saved or refused. Whether it is
 * being saved is the mutation's; what it must say once is data in the state, which
 * useProductForm toasts.
 */
import type { Unit } from '@kirana/shared';
import {
  defaultStepsText,
  EMPTY_PRODUCT_FORM,
  imageProblem,
  type DrawnProduct,
  productFormProblem,
  productFormProblems,
  type ProductFormProblems,
  type ProductFormValues,
} from './product-form';

/** The form's fields typed as text. */
export type ProductTextField = Exclude<keyof ProductFormValues, 'images' | 'unit' | 'drawsFrom'>;

export interface ProductFormState {
  /** What the form started from: an empty form for a new product, else the product as it stood. */
  initial: ProductFormValues;
  values: ProductFormValues;
  /** Found when it is submitted or refused; a field's goes once it is changed. */
  problems: ProductFormProblems;
  /**
   * What this transition says once, or null: a picture the form cannot take, or the first problem
   * found on submitting, whole ('Offer price must not exceed price').
   */
  notice: string | null;
}

export type ProductFormEvent =
  | { type: 'field edited'; field: ProductTextField; value: string }
  | { type: 'picture chosen'; slot: number; file: File }
  | { type: 'picture removed'; slot: number }
  /** Sold by the piece, the kilo or the litre: the prices, steps and pack fields follow. */
  | { type: 'unit chosen'; unit: Unit }
  /** The loose product a pack is sold from, chosen in the picker; null: none. */
  | { type: 'loose product chosen'; product: DrawnProduct | null }
  /** Save pressed: the form is checked by the server's rules, and saved if they take it. */
  | { type: 'submitted' }
  /** The server saved it. */
  | { type: 'answer received' }
  /** The server refused it; `problems` are what its answer names at a field. */
  | { type: 'refused'; problems: ProductFormProblems };

/** The form as it opens, from `initial`. */
export const openProductForm = (initial: ProductFormValues): ProductFormState => ({
  initial,
  values: initial,
  problems: {},
  notice: null,
});

const without = (problems: ProductFormProblems, ...fields: (keyof ProductFormValues)[]) =>
  Object.fromEntries(
    Object.entries(problems).filter(
      ([field]) => !fields.includes(field as keyof ProductFormValues),
    ),
  ) as ProductFormProblems;

/** The fields whose meaning a change of unit changes: what was wrong with them may no longer be. */
const UNIT_DECIDES = [
  'unit',
  'price',
  'offerPrice',
  'steps',
  'scaleCode',
  'drawsFrom',
  'packQuantity',
] as const;

const withPicture = (state: ProductFormState, slot: number, picture: File | null) => ({
  ...state,
  values: {
    ...state.values,
    images: state.values.images.map((held, index) => (index === slot ? picture : held)),
  },
  problems: without(state.problems, 'images'),
});

/** The form after `event`. */
export function productFormReducer(
  before: ProductFormState,
  event: ProductFormEvent,
): ProductFormState {
  const state = before.notice === null ? before : { ...before, notice: null };
  switch (event.type) {
    case 'field edited':
      return {
        ...state,
        values: { ...state.values, [event.field]: event.value },
        problems: without(state.problems, event.field),
      };
    case 'picture chosen': {
      const problem = imageProblem(event.file);
      return problem ? { ...state, notice: problem } : withPicture(state, event.slot, event.file);
    }
    case 'picture removed':
      return withPicture(state, event.slot, null);
    case 'unit chosen': {
      const { unit } = event;
      // A product turning loose is offered in the usual steps (in its own measure) until the
      // seller says others.
      const untouched = ['', defaultStepsText('kg'), defaultStepsText('L')].includes(
        state.values.steps.trim(),
      );
      const steps = unit !== 'piece' && untouched ? defaultStepsText(unit) : state.values.steps;
      return {
        ...state,
        values: { ...state.values, unit, steps },
        problems: without(state.problems, ...UNIT_DECIDES),
      };
    }
    case 'loose product chosen':
      return {
        ...state,
        values: { ...state.values, drawsFrom: event.product },
        problems: without(state.problems, 'drawsFrom', 'packQuantity'),
      };
    case 'submitted':
      return {
        ...state,
        problems: productFormProblems(state.values),
        notice: productFormProblem(state.values),
      };
    case 'answer received':
      // A new product's form starts afresh; an edited one's starts from what was saved.
      return openProductForm(state.initial === EMPTY_PRODUCT_FORM ? state.initial : state.values);
    case 'refused':
      return { ...state, problems: { ...state.problems, ...event.problems } };
  }
}
