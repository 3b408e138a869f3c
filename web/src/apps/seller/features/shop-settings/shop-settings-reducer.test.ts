import { describe, expect, it } from 'vitest';
import { aShop } from '../../../../test/shop';
import { ApiError } from '../../../../lib/api-client';
import { shopRefusalProblems } from './shop-form';
import {
  openShopSettings,
  shopSettingsReducer,
  type HoursEdit,
  type ScaleLabelsEdit,
  type ShopSettingsEvent,
  type ShopSettingsState,
} from './shop-settings-reducer';

const monday = { day: 1, opens: '07:00', closes: '22:00' };
const opened = () =>
  openShopSettings({ success: true, shop: aShop({ hours: [monday] }), zipcodes: ['411001'] });
const run = (state: ShopSettingsState, ...events: ShopSettingsEvent[]) =>
  events.reduce(shopSettingsReducer, state);
const hours = (edit: HoursEdit): ShopSettingsEvent => ({ type: 'hours edited', edit });
const labels = (edit: ScaleLabelsEdit): ShopSettingsEvent => ({
  type: 'scale labels edited',
  edit,
});
const typed = (value: string): ShopSettingsEvent => ({
  type: 'setting typed',
  setting: 'zipcodes',
  value,
});
const PIN_PROBLEM = '41100: a PIN code is six digits, e.g. 411001';

describe('the shop’s settings form, event by event', () => {
  it('opens with the shop’s settings, nothing at fault', () => {
    const state = opened();
    expect(state.values).toMatchObject({ zipcodes: '411001', hours: [monday], name: 'Kirana' });
    expect(state.problems).toEqual({});
  });

  it('a setting typed holds what was typed, and its problem goes', () => {
    const refused = run(opened(), typed('411001, 41100'), { type: 'submitted' });
    expect(refused.problems).toEqual({ zipcodes: PIN_PROBLEM });

    const state = run(refused, typed('411001, 411002'));
    expect(state.values.zipcodes).toBe('411001, 411002');
    expect(state.problems).toEqual({});
    expect(state.focus).toBeNull();
  });

  it('an opening changed, added or removed edits its row', () => {
    const changed = run(
      opened(),
      hours({ kind: 'opening changed', index: 0, part: { opens: '09:00' } }),
    );
    expect(changed.values.hours).toEqual([{ ...monday, opens: '09:00' }]);
    const added = run(changed, hours({ kind: 'opening added' }));
    expect(added.values.hours).toHaveLength(2);
    const removed = run(added, hours({ kind: 'opening removed', index: 0 }));
    expect(removed.values.hours).toEqual([monday]);
  });

  it('the same hours set on several days, or a day copied, replaces theirs', () => {
    const set = run(
      opened(),
      hours({ kind: 'days set', days: [0, 1], opens: '09:00', closes: '21:00' }),
    );
    expect(set.values.hours).toEqual([
      { day: 1, opens: '09:00', closes: '21:00' },
      { day: 0, opens: '09:00', closes: '21:00' },
    ]);
    const copied = run(opened(), hours({ kind: 'day copied', from: 1, to: [2] }));
    expect(copied.values.hours).toEqual([monday, { ...monday, day: 2 }]);
  });

  it('an edit of the hours takes their problem away', () => {
    const wrong = run(
      opened(),
      hours({ kind: 'opening changed', index: 0, part: { closes: '07:00' } }),
      { type: 'submitted' },
    );
    expect(wrong.problems.hours).toMatch(/^Opening hours:/);
    expect(run(wrong, hours({ kind: 'opening removed', index: 0 })).problems).toEqual({});
  });

  it('submitted, the first setting at fault in the screen’s order is to be focused', () => {
    const state = run(
      opened(),
      { type: 'setting typed', setting: 'upiId', value: 'not an id' },
      typed('41100'),
      { type: 'submitted' },
    );
    expect(Object.keys(state.problems).sort()).toEqual(['upiId', 'zipcodes']);
    expect(state.focus).toBe('shop-zipcodes');
  });

  it('submitted with an opening at fault, its row’s opening time is to be focused', () => {
    const state = run(
      opened(),
      hours({ kind: 'opening added' }),
      hours({ kind: 'opening changed', index: 1, part: { closes: '07:00' } }),
      { type: 'submitted' },
    );
    expect(state.focus).toBe('opening-1-opens');
  });

  it('submitted, settings their rules take have no problems and focus nothing', () => {
    const state = run(opened(), { type: 'submitted' });
    expect(state.problems).toEqual({});
    expect(state.focus).toBeNull();
  });

  it('the answer received keeps what was typed, nothing at fault', () => {
    const refused = run(opened(), typed('411002'), {
      type: 'refused',
      problems: { upiId: 'UPI id must look like kirana@upi' },
    });
    const state = run(refused, { type: 'answer received' });
    expect(state.values.zipcodes).toBe('411002');
    expect(state.problems).toEqual({});
  });

  it('refused, the setting the server names is at fault, in the screen’s words, and focused', () => {
    const problems = shopRefusalProblems(new ApiError('upiId must be a UPI id', 400));
    expect(problems).toEqual({ upiId: 'UPI id must look like kirana@upi' });
    const state = run(opened(), { type: 'refused', problems });
    expect(state.problems).toEqual(problems);
    expect(state.focus).toBe('shop-upi-id');
  });

  it('refused for the tax mode, it and each setting the server says the mode needs are at fault; the first focused', () => {
    const problems = shopRefusalProblems(
      new ApiError("tax 'regular' needs gstin and address: set them first", 400),
    );
    expect(problems).toEqual({
      tax: 'Billing as a registered or composition shop needs its GSTIN, legal name and address',
      gstin: 'GSTIN is needed to bill as a registered or composition shop',
      address: 'Address is needed to bill as a registered or composition shop',
    });
    const state = run(opened(), { type: 'refused', problems });
    expect(state.focus).toBe('shop-address');
    // Another mode chosen: the mode's problem goes.
    const chosen = run(state, { type: 'tax chosen', tax: 'unregistered' });
    expect(chosen.values.tax).toBe('unregistered');
    expect(chosen.problems.tax).toBeUndefined();
  });

  it('refused for no setting in particular, nothing is at fault or focused', () => {
    expect(shopRefusalProblems(new ApiError('Failed to save', 503))).toEqual({});
    expect(shopRefusalProblems(new ApiError('constructor went wrong', 400))).toEqual({});
    const state = run(opened(), { type: 'refused', problems: {} });
    expect(state.focus).toBeNull();
  });

  it('a scale label changed, added or removed edits its row, and their problem goes', () => {
    const changed = run(
      opened(),
      labels({ kind: 'label changed', index: 1, part: { prefix: '21' } }),
      { type: 'submitted' },
    );
    expect(changed.values.scaleLabels).toEqual([
      { prefix: '21', value: 'grams' },
      { prefix: '21', value: 'paise' },
    ]);
    expect(changed.problems.scaleLabels).toMatch(/^Scale labels:/);
    // The prefix set twice is the one to fix.
    expect(changed.focus).toBe('scale-label-1-prefix');

    const fixed = run(changed, labels({ kind: 'label changed', index: 1, part: { prefix: '28' } }));
    expect(fixed.problems).toEqual({});
    const added = run(fixed, labels({ kind: 'label added' }));
    expect(added.values.scaleLabels[2]).toEqual({ prefix: '22', value: 'grams' });
    const valued = run(
      added,
      labels({ kind: 'label changed', index: 2, part: { value: 'paise' } }),
    );
    expect(valued.values.scaleLabels[2]).toEqual({ prefix: '22', value: 'paise' });
    const removed = run(valued, labels({ kind: 'label removed', index: 0 }));
    expect(removed.values.scaleLabels).toEqual([
      { prefix: '28', value: 'paise' },
      { prefix: '22', value: 'paise' },
    ]);
  });

  it('refused for its scale labels, the server’s words are the screen’s, and the first prefix at fault focused', () => {
    const problems = shopRefusalProblems(
      new ApiError('scaleLabels: The label prefix 21 is set twice', 400),
    );
    expect(problems).toEqual({
      scaleLabels:
        'Scale labels: each prefix is 2 digits beginning with 2, such as 21, and set once',
    });
    const state = run(
      opened(),
      labels({ kind: 'label changed', index: 0, part: { prefix: '2' } }),
      { type: 'refused', problems },
    );
    expect(state.focus).toBe('scale-label-0-prefix');
  });
});
