/*
 * The product form as a pure reducer over what the seller does and what the server answers:
 * fields edited, pictures chosen and removed, the form submitted, saved or refused. Whether it is
 * being saved is the mutation's; what it must say once is data in the state, which
 * useProductForm toasts.
 */
import {
  EMPTY_PRODUCT_FORM,
  imageProblem,
  productFormProblem,
  productFormProblems,
  type ProductFormProblems,
  type ProductFormValues,
} from './product-form';

/** The form's fields typed as text. */
export type ProductTextField = Exclude<keyof ProductFormValues, 'images'>;

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

const without = (problems: ProductFormProblems, field: keyof ProductFormValues) => {
  const { [field]: _gone, ...rest } = problems;
  return rest;
};

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
