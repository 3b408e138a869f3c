import { i18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { messages as english } from '../locales/en.po';

/*
 * The agent app's language: English (the spec's texts) or Hindi. The agent's own choice is kept
 * on the phone; until there is one, the phone's languages decide. English comes with the app;
 * Hindi is fetched when first used (and kept offline by the service worker with the rest).
 */
export const AGENT_LOCALES = ['en', 'hi'] as const;
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
export function preferredLocale(languages: readonly string[] = navigator.languages): AgentLocale {
  const stored = storedLocale();
  if (stored) return stored;
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isAgentLocale(base)) return base;
  }
  return 'en';
}

const loaded = new Set<AgentLocale>(['en']);

/** Hindi's texts: the app's and the server's messages. */
async function hindi() {
  const [app, server] = await Promise.all([
    import('../locales/hi.po'),
    import('../locales/outside/hi.po'),
  ]);
  return { ...app.messages, ...server.messages };
}

/** Loads `locale`'s texts (Hindi's are fetched once) and switches to it. */
async function activate(locale: AgentLocale): Promise<void> {
  if (!loaded.has(locale)) {
    i18n.load(locale, await hindi());
    loaded.add(locale);
  }
  i18n.activate(locale);
}

i18n.load('en', english);
i18n.activate('en');

/**
 * Starts the app in the preferred language. A Hindi catalog that cannot be fetched (offline
 * before the service worker kept it) leaves the app in English rather than blank.
 */
export async function startLocale(): Promise<void> {
  const locale = preferredLocale();
  if (locale === 'en') return;
  await activate(locale).catch((error: unknown) =>
    console.warn('The agent app stays in English:', error),
  );
}

/** The agent's choice: kept on this phone, and applied at once on every screen. */
export async function chooseLocale(locale: AgentLocale): Promise<void> {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // A locked storage only costs remembering the choice.
  }
  await activate(locale);
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
