import {
  DELIVERY_PIN_LOCKED,
  DELIVERY_PIN_MISSING,
  ERROR_CODES,
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
import { actionLabel, actionTexts } from '../features/orders/order-actions';
import { chooseLocale, loadShellTexts, preferredLocale } from './locale';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../failure-message';
import { AGENT_ERROR_CODES, errorText, NOT_FOR_AGENTS } from './error-texts';

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
      // The spec's texts that take an argument take the order's status.
      const expected =
        typeof spec === 'function' ? (spec as (status: string) => string)('Picked') : spec;
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
  it('translates every text of the app', () => {
    for (const [id, message] of Object.entries(english)) {
      expect(hindi[id], `Hindi for ${JSON.stringify(message)}`).toBeTruthy();
      expect(hindi[id]).not.toEqual(message);
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

describe('the error catalog', () => {
  it('has English and Hindi words for every error code, but those declared never sent to agents', async () => {
    const words = new Set<string>(AGENT_ERROR_CODES);
    for (const code of ERROR_CODES) {
      expect(
        words.has(code) !== NOT_FOR_AGENTS.includes(code as (typeof NOT_FOR_AGENTS)[number]),
        `${code}: words in the agent app, or declared in NOT_FOR_AGENTS (not both)`,
      ).toBe(true);
      if (!words.has(code)) continue;
      expect(english[`error.${code}`], `English for ${code}`).toBeTruthy();
      expect(hindi[`error.${code}`], `Hindi for ${code}`).toBeTruthy();
    }
    expect(errorText('ORDER_TAKEN')).toBe(refusalMessage['already-assigned']);
    expect(errorText('PIN_WRONG', 2)).toBe(wrongPinMessage(2));
    expect(errorText('FROM_A_NEWER_SERVER')).toBeUndefined();
    await chooseLocale('hi');
    expect(errorText('ORDER_TAKEN')).toBe('यह ऑर्डर पहले ही किसी दूसरे एजेंट को मिल चुका है');
    expect(errorText('PIN_WRONG', 1)).toBe('ग़लत PIN: 1 कोशिश बाक़ी');
  });

  it('says the server’s English words for the codes it shares with the spec’s messages', () => {
    expect(errorText('PIN_MISSING')).toBe(DELIVERY_PIN_MISSING);
    expect(errorText('PIN_LOCKED')).toBe(DELIVERY_PIN_LOCKED);
    expect(errorText('NOT_PAIRED')).toBe(MESSAGES.agentNotPaired);
    expect(errorText('INVITE_USED')).toBe(MESSAGES.inviteUsed);
    expect(errorText('PAYMENT_UNAVAILABLE')).toBe(MESSAGES.razorpayOrderFailed);
  });

  it('makes a failure toast Hindi by its code, and leaves English as the server said it', async () => {
    const texts = { rejected: 'rejected', failed: 'failed' };
    const throttled = new ApiError('Too many login attempts. Try again in 2 minutes.', 429, {
      code: 'TOO_MANY_REQUESTS',
    });
    const unknown = new ApiError('phone is too long', 400);
    const used = new ApiError(MESSAGES.inviteUsed, 403, { code: 'INVITE_USED' });
    expect(failureText(unknown, texts)).toBe(unknown.message);

    await chooseLocale('hi');
    expect(failureText(throttled, texts)).toBe('बहुत बार कोशिश हो गई। कुछ मिनट रुककर फिर कोशिश करें।');
    expect(failureText(unknown, texts)).toBe('rejected');
    expect(failureText(used, texts)).toBe(
      'यह इनवाइट लिंक पहले ही इस्तेमाल हो चुका है। दुकान से नया इनवाइट माँगें।',
    );
  });
});
