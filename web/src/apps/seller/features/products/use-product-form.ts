import { useRef, useState } from 'react';
import { toast } from '../../../../lib/toast';
import type { Unit } from '@kirana/shared';
import { refusalProblems, type DrawnProduct, type ProductFormValues } from './product-form';
import {
  openProductForm,
  productFormReducer,
  type ProductFormEvent,
  type ProductTextField,
} from './product-form-reducer';

/**
 * Saves the form (a mutation's `mutateAsync`, which reports a failure): the values, and what the
 * form started from.
 */
export type SaveProduct = (
  values: ProductFormValues,
  initial: ProductFormValues,
) => Promise<unknown>;

/**
 * The product form's session: its reducer (product-form-reducer.ts) joined to `save`, its
 * notices toasted.
 */
export function useProductForm(initial: ProductFormValues, save: SaveProduct) {
  const [form, setForm] = useState(() => openProductForm(initial));
  // The save's answer comes between renders: each event reduces the latest state.
  const current = useRef(form);

  const send = (event: ProductFormEvent) => {
    const after = productFormReducer(current.current, event);
    current.current = after;
    setForm(after);
    if (after.notice) toast.error(after.notice);
    return after;
  };

  const submit = async () => {
    const { values, initial: from, problems } = send({ type: 'submitted' });
    if (Object.keys(problems).length > 0) return;
    try {
      await save(values, from);
    } catch (problem) {
      send({ type: 'refused', problems: refusalProblems(problem) });
      return;
    }
    send({ type: 'answer received' });
  };

  return {
    values: form.values,
    problems: form.problems,
    edit: (field: ProductTextField, value: string) => send({ type: 'field edited', field, value }),
    choosePicture: (slot: number, file: File) => send({ type: 'picture chosen', slot, file }),
    removePicture: (slot: number) => send({ type: 'picture removed', slot }),
    chooseUnit: (unit: Unit) => send({ type: 'unit chosen', unit }),
    chooseLooseProduct: (product: DrawnProduct | null) =>
      send({ type: 'loose product chosen', product }),
    submit,
  };
}
