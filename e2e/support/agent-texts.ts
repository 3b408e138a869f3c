import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';

/** The agent app's languages (web/lingui.config.ts). */
export type AgentLocale = 'en' | 'hi';

const locales = path.resolve(import.meta.dirname, '../../web/src/apps/agents/locales');
const po = formatter();

/** Each text of the app by its English words, in `locale`, read from the app's own catalogs. */
async function catalog(locale: AgentLocale): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const file of ['', 'shell/']) {
    const read = async (of: AgentLocale) => {
      const filename = path.join(locales, `${file}${of}.po`);
      return po.parse(readFileSync(filename, 'utf8'), { locale: of, sourceLocale: 'en', filename });
    };
    const [english, translated] = await Promise.all([read('en'), read(locale)]);
    for (const [id, message] of Object.entries(english)) {
      const words = message.translation || id;
      texts.set(words, translated[id]?.translation || words);
    }
  }
  return texts;
}

/** What the agent app says, given its English words and the values of their placeholders. */
export type Say = (english: string, values?: Record<string, string>) => string;

const fill = (text: string, values: Record<string, string> = {}) =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);

/** The app's English, as the helpers in ./agent.ts read it unless a test speaks Hindi. */
export const inEnglish: Say = fill;

/**
 * What the agent app says in `locale`, given its English words: `say('Accept')`, or with the
 * placeholders filled, `say('Hi, {name}', { name })`. A text the app does not have fails the
 * test, so a renamed text cannot pass unnoticed.
 */
export async function agentTexts(locale: AgentLocale): Promise<Say> {
  const texts = await catalog(locale);
  return (english, values) => {
    const text = texts.get(english);
    if (text === undefined) throw new Error(`the agent app has no text ${JSON.stringify(english)}`);
    return fill(text, values);
  };
}
