import { inWeekOrder, type OpeningHoursSettings } from '@kirana/shared';

/*
 * Editing a week of opening hours on the Shop screen in a few presses
 * (docs/promise.md#opening-hours): the same hours on every day or on the working days, and one
 * day's hours copied to others. Days are 0–6 from Sunday, as the settings store them.
 */

/** The days a preset sets, as the screen names them. */
export const DAY_PRESETS = [
  { label: 'Every day', days: [0, 1, 2, 3, 4, 5, 6] },
  { label: 'Monday to Saturday', days: [1, 2, 3, 4, 5, 6] },
  { label: 'Monday to Friday', days: [1, 2, 3, 4, 5] },
] as const;

/** `hours` with `days` open from `opens` to `closes` instead of what they had. */
export function setDays(
  hours: readonly OpeningHoursSettings[],
  days: readonly number[],
  opens: string,
  closes: string,
): OpeningHoursSettings[] {
  return inWeekOrder([
    ...hours.filter((opening) => !days.includes(opening.day)),
    ...days.map((day) => ({ day, opens, closes })),
  ]);
}

/** `hours` with each of `to` open as `from` is (closed, when `from` is), instead of what they had. */
export function copyDay(
  hours: readonly OpeningHoursSettings[],
  from: number,
  to: readonly number[],
): OpeningHoursSettings[] {
  const targets = to.filter((day) => day !== from);
  const copied = hours.filter((opening) => opening.day === from);
  return inWeekOrder([
    ...hours.filter((opening) => !targets.includes(opening.day)),
    ...targets.flatMap((day) => copied.map((opening) => ({ ...opening, day }))),
  ]);
}
