import type { ShopAnswer, TaxMode } from '@kirana/shared';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { shopMutations } from './mutations';
import { shopRefusalProblems, shopUpdateOf } from './shop-form';
import {
  openShopSettings,
  shopSettingsReducer,
  type HoursEdit,
  type ScaleLabelsEdit,
  type ShopSettingsEvent,
  type ShopTextSetting,
} from './shop-settings-reducer';

/**
 * The Shop screen's settings form: its reducer (shop-settings-reducer.ts) joined to the save
 * mutation, the focus moved to the first setting at fault. `answer`: the settings it opens with.
 */
export function useShopSettings(answer: ShopAnswer) {
  const [form, setForm] = useState(() => openShopSettings(answer));
  // The save's answer comes between renders: each event reduces the latest state.
  const current = useRef(form);
  const save = useMutation(shopMutations.save());

  const send = (event: ShopSettingsEvent) => {
    const after = shopSettingsReducer(current.current, event);
    current.current = after;
    setForm(after);
    if (after.focus) document.getElementById(after.focus)?.focus();
    return after;
  };

  const submit = () => {
    // A second press while saving would send twice, and only the last answer would be shown.
    if (save.isPending) return;
    const { values, problems } = send({ type: 'submitted' });
    if (Object.keys(problems).length > 0) return;
    save.mutate(shopUpdateOf(values), {
      onSuccess: () => send({ type: 'answer received' }),
      onError: (problem) => send({ type: 'refused', problems: shopRefusalProblems(problem) }),
    });
  };

  return {
    values: form.values,
    problems: form.problems,
    saving: save.isPending,
    type: (setting: ShopTextSetting, value: string) =>
      send({ type: 'setting typed', setting, value }),
    editHours: (edit: HoursEdit) => send({ type: 'hours edited', edit }),
    editScaleLabels: (edit: ScaleLabelsEdit) => send({ type: 'scale labels edited', edit }),
    chooseTax: (tax: TaxMode) => send({ type: 'tax chosen', tax }),
    submit,
  };
}
