import {
  DELIVERY_PIN_FORMAT,
  DELIVERY_PIN_LOCKED,
  DELIVERY_PIN_MISSING,
  MESSAGES,
  refusalMessage,
  wrongPinMessage,
} from '@kirana/shared';
import { i18n } from '@lingui/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as firstEnglish } from '../locales/en.po';
import { messages as firstHindi } from '../locales/hi.po';
import { messages as shellEnglish } from '../locales/shell/en.po';
import { messages as shellHindi } from '../locales/shell/hi.po';
import { messages as outsideHindi } from '../locales/outside/hi.po';
import {
  CHECKOUT_SCRIPT_BROKEN,
  CHECKOUT_SCRIPT_FAILED,
  PAYMENTS_UNAVAILABLE,
} from '../../payments/messages';
import { actionLabel, actionTexts } from '../order-actions';
import { chooseLocale, loadShellTexts, preferredLocale } from './locale';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../failure-message';
import { OUTSIDE_TEXTS, outsideText } from './outside-texts';

/** The app's texts: the first load's and the logged-in screens' (loaded with them). */
const english = { ...firstEnglish, ...shellEnglish };
const hindi = { ...firstHindi, ...shellHindi };

beforeAll(async () => {
  await loadShellTexts();
});

let stored: Map<string, string>;
beforeEach(() => {
  stored = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
});
afterEach(async () => {
  await chooseLocale('en');
  vi.unstubAllGlobals();
});

describe('preferredLocale', () => {
  it('follows the phone’s languages until the agent chooses', async () => {
    expect(preferredLocale(['hi-IN', 'en-IN'])).toBe('hi');
    expect(preferredLocale(['en-GB', 'hi'])).toBe('en');
    expect(preferredLocale(['ta-IN', 'HI-in'])).toBe('hi');
    expect(preferredLocale(['ta-IN', 'bn'])).toBe('en');
    expect(preferredLocale([])).toBe('en');

    await chooseLocale('en');
    expect(preferredLocale(['hi-IN'])).toBe('en');
    await chooseLocale('hi');
    expect(preferredLocale(['en-IN'])).toBe('hi');
  });

  it('ignores a stored value that is not a language of the app', () => {
    stored.set('agentLocale', 'fr');
    expect(preferredLocale(['hi-IN'])).toBe('hi');
  });
});

describe('the English texts', () => {
  it('are the spec’s words exactly, for every text that has an id after its MESSAGES key', () => {
    const specIds = Object.keys(english).filter((id) => id.startsWith('spec.'));
    expect(specIds.length).toBeGreaterThan(15);
    for (const id of specIds) {
      const key = id.slice('spec.'.length) as keyof typeof MESSAGES;
      const spec = MESSAGES[key];
      expect(spec, `${id} names a key of MESSAGES`).toBeDefined();
      const expected = typeof spec === 'function' ? spec('Picked') : spec;
      expect(i18n._(id, { status: 'Picked' }), id).toBe(expected);
    }
  });

  it('name the steps as the spec does', () => {
    expect(actionLabel({ kind: 'status', to: 'Picked' })).toBe('Mark Picked');
    expect(actionTexts({ kind: 'status', to: 'Delivered' }).success).toBe(
      MESSAGES.statusUpdated('Delivered'),
    );
  });
});

describe('Hindi', () => {
  it('translates every text of the app and every outside text', () => {
    for (const [id, message] of Object.entries(english)) {
      expect(hindi[id], `Hindi for ${JSON.stringify(message)}`).toBeTruthy();
      expect(hindi[id]).not.toEqual(message);
    }
    for (const { id } of OUTSIDE_TEXTS) {
      expect(outsideHindi[id], `Hindi for ${JSON.stringify(id)}`).toBeTruthy();
    }
  });

  it('switches every text at once, statuses and the spec’s toasts included', async () => {
    await chooseLocale('hi');
    expect(actionLabel({ kind: 'accept' })).toBe('स्वीकार करें');
    expect(actionLabel({ kind: 'status', to: 'Picked' })).toBe('पिकअप दर्ज करें');
    expect(actionTexts({ kind: 'status', to: 'Picked' }).success).toBe(
      'ऑर्डर की स्थिति बदली: पिकअप हुआ',
    );
    await chooseLocale('en');
    expect(actionLabel({ kind: 'accept' })).toBe('Accept');
  });
});

describe('outsideText', () => {
  it('knows the server’s refusals and the pairing and payment texts an agent can be shown', () => {
    const known = new Set(OUTSIDE_TEXTS.map(({ id }) => id));
    // Cancelling is the shopper's and the seller's: no agent is ever refused it.
    const notForAgents = new Set<string>([
      'cannot-cancel',
      'already-cancelled',
      'already-picked',
      'already-delivered',
    ]);
    const shown = [
      ...Object.entries(refusalMessage)
        .filter(([reason]) => !notForAgents.has(reason))
        .map(([, text]) => text),
      MESSAGES.loginAsAgent,
      MESSAGES.orderNotFound,
      MESSAGES.agentNotPaired,
      MESSAGES.agentPairedToAnother,
      MESSAGES.inviteCodeRequired,
      MESSAGES.inviteCodeMalformed,
      MESSAGES.inviteNotValid,
      MESSAGES.inviteUsed,
      MESSAGES.inviteExpired,
      DELIVERY_PIN_MISSING,
      DELIVERY_PIN_FORMAT,
      DELIVERY_PIN_LOCKED,
      ...[0, 1, 2, 3, 4].map(wrongPinMessage),
      CHECKOUT_SCRIPT_FAILED,
      CHECKOUT_SCRIPT_BROKEN,
      PAYMENTS_UNAVAILABLE,
    ];
    expect(shown.filter((text) => !known.has(text))).toEqual([]);
  });

  it('gives the Hindi for a known text, and any other text as it came', async () => {
    const taken = refusalMessage['already-assigned'];
    expect(outsideText(taken)).toBe(taken);
    await chooseLocale('hi');
    expect(outsideText(taken)).toBe('यह ऑर्डर पहले ही किसी दूसरे एजेंट को मिल चुका है');
    expect(outsideText('phone: must be 10 digits')).toBe('phone: must be 10 digits');
    expect(outsideText('phone: must be 10 digits', 'लॉगिन नहीं हो सका')).toBe('लॉगिन नहीं हो सका');
  });

  it('makes a failure toast Hindi whatever the server said, and leaves English as it was', async () => {
    const texts = { rejected: 'rejected', failed: 'failed' };
    const throttled = new ApiError('Too many login attempts. Try again in 2 minutes.', 429);
    const unknown = new ApiError('phone is too long', 400);
    const known = new ApiError(MESSAGES.inviteUsed, 403);
    expect(failureText(throttled, texts)).toBe(throttled.message);
    expect(failureText(unknown, texts)).toBe(unknown.message);

    await chooseLocale('hi');
    expect(failureText(throttled, texts)).toBe('बहुत बार कोशिश हो गई। कुछ मिनट रुककर फिर कोशिश करें।');
    expect(failureText(unknown, texts)).toBe('rejected');
    expect(failureText(known, texts)).toBe(
      'यह इनवाइट लिंक पहले ही इस्तेमाल हो चुका है। दुकान से नया इनवाइट माँगें।',
    );
  });
});
