import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { messages as english } from '../locales/en.po';

/*
 * The agent app's language: English (the spec's texts) or Hindi. The agent's own choice is kept
 * on the phone; until there is one, the phone's languages decide. English comes with the app;
 * Hindi is fetched when first used (and kept offline by the service worker with the rest).
 */
const AGENT_LOCALES = ['en', 'hi'] as const;
export type AgentLocale = (typeof AGENT_LOCALES)[number];

/** Each language by its own name, as a switch offers it. */
export const LOCALE_NAMES: Record<AgentLocale, string> = { en: 'English', hi: 'हिन्दी' };

const STORAGE_KEY = 'agentLocale';

const isAgentLocale = (value: unknown): value is AgentLocale =>
  AGENT_LOCALES.includes(value as AgentLocale);

function storedLocale(): AgentLocale | null {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isAgentLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language to start in: the agent's choice on this phone, else the first of the phone's
 * languages the app speaks ('hi-IN' is Hindi), else English.
 */
export function preferredLocale(
  // An older WebView may offer only `navigator.language`.
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): AgentLocale {
  const stored = storedLocale();
  if (stored) return stored;
  for (const language of languages) {
    if (typeof language !== 'string') continue;
    const base = language.toLowerCase().split('-')[0];
    if (isAgentLocale(base)) return base;
  }
  return 'en';
}

const loaded = new Set<AgentLocale>(['en']);

/** Hindi's texts of the first load (error answers' included, by their code). */
const hindi = async () => (await import('../locales/hi.po')).messages;

/** The logged-in screens' texts in each language, fetched with those screens. */
const SHELL_TEXTS = {
  en: () => import('../locales/shell/en.po'),
  hi: () => import('../locales/shell/hi.po'),
} satisfies Record<AgentLocale, () => Promise<{ messages: Messages }>>;
/** Set once the logged-in screens are wanted: every language switched to brings their texts. */
let shellWanted = false;
const shellLoaded = new Set<AgentLocale>();

async function loadShellTextsOf(locale: AgentLocale): Promise<void> {
  if (shellLoaded.has(locale)) return;
  i18n.load(locale, (await SHELL_TEXTS[locale]()).messages);
  shellLoaded.add(locale);
}

/**
 * Loads the logged-in screens' texts in the active language (with those screens, see
 * agent-layout.tsx); from then on a switch of language loads them too.
 */
export async function loadShellTexts(): Promise<void> {
  shellWanted = true;
  await loadShellTextsOf(i18n.locale as AgentLocale);
}

/** Loads `locale`'s texts (Hindi's are fetched once) and switches to it. */
async function activate(locale: AgentLocale): Promise<void> {
  if (!loaded.has(locale)) {
    i18n.load(locale, await hindi());
    loaded.add(locale);
  }
  // Read after the wait: the logged-in screens may have been asked for meanwhile.
  if (shellWanted) await loadShellTextsOf(locale);
  i18n.activate(locale);
}

i18n.load('en', english);
i18n.activate('en');

/** How long the first paint waits for Hindi's texts before it shows English meanwhile. */
const START_WAIT_MS = 2000;

/**
 * Starts the app in the preferred language: resolves once its texts are in, or after
 * START_WAIT_MS on a slow network (the app then paints in English and switches when they
 * arrive). Never rejects: a Hindi catalog that cannot be fetched (offline before the service
 * worker kept it) leaves the app in English rather than blank.
 */
export async function startLocale(): Promise<void> {
  try {
    const locale = preferredLocale();
    if (locale === 'en') return;
    const switched = activate(locale).catch((error: unknown) =>
      console.warn('The agent app stays in English:', error),
    );
    await Promise.race([switched, new Promise((resolve) => setTimeout(resolve, START_WAIT_MS))]);
  } catch (error) {
    console.warn('The agent app stays in English:', error);
  }
}

/** The agent's choice: applied at once on every screen, and kept on this phone once it is. */
export async function chooseLocale(locale: AgentLocale): Promise<void> {
  await activate(locale);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // A locked storage only costs remembering the choice.
  }
}

/** The active language for dates and times: 'en-IN' or 'hi-IN'. */
export const dateLocale = (): string => `${i18n.locale}-IN`;

const subscribe = (listener: () => void) => i18n.on('change', listener);
const currentLocale = () => i18n.locale as AgentLocale;

/**
 * The active language, re-rendering on a switch. The agent app's root reads it, so that every
 * text (`t` from `@lingui/core/macro`, read while rendering) follows the switch.
 */
export function useAgentLocale(): AgentLocale {
  return useSyncExternalStore(subscribe, currentLocale);
}
