import { createIntl, createIntlCache } from '@formatjs/intl';
import type { IntlShape } from '@formatjs/intl';
import { catalogueOf } from './catalogues.ts';
import type { MessageId } from './catalogues.ts';
import type { Language } from './languages.ts';
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from './languages.ts';
import { readRuleMessage } from './rule-message.ts';

/**
 * Main's own words (errors, dialog texts, reports, CSV headers): @formatjs/intl's createIntl over the
 * same catalogues as the renderer's react-intl, in the window's language. One per language, kept.
 */

export type Words = IntlShape<string>;
export type WordValues = Record<string, string | number | Date | null | undefined>;

const cache = createIntlCache();
const made = new Map<Language, Words>();

export function wordsFor(language: Language): Words {
  let intl = made.get(language);
  if (!intl) {
    // The pseudo-locale has no locale data of its own: its plural rules and numbers are English's.
    intl = createIntl({ locale: language === PSEUDO_LANGUAGE ? SOURCE_LANGUAGE : language, defaultLocale: SOURCE_LANGUAGE, messages: catalogueOf(language) }, cache);
    made.set(language, intl);
  }
  return intl;
}

/** One message of `language`'s catalogue, its arguments filled in. */
export function say(language: Language, id: MessageId, values?: WordValues): string {
  return wordsFor(language).formatMessage({ id }, values);
}

export type Say = (id: MessageId, values?: WordValues) => string;

/** `say` with its language settled: what a holder of the window's language hands out, and replaces when the language changes. */
export function sayerFor(language: Language): Say {
  const words = wordsFor(language);
  return (id, values) => words.formatMessage({ id }, values);
}

/**
 * A message as data: its id and its arguments, an argument itself a message (worded first, in the
 * same language). What main's platform builds its failures from: the log and the journal keep the
 * English, and the router words it in the window's language where it crosses to the window.
 */
export type Wording = { readonly id: MessageId; readonly values?: Readonly<Record<string, string | number | Wording>> };

/** `wording` said by `say` (a language's own), its nested messages first. */
export function sayWording(sayer: Say, wording: Wording): string {
  if (!wording.values) return sayer(wording.id);
  const values: WordValues = {};
  for (const [name, value] of Object.entries(wording.values)) values[name] = typeof value === 'object' ? sayWording(sayer, value) : value;
  return sayer(wording.id, values);
}

/**
 * A text that may be an encoded rule (rule-message.ts: a schema's problem) as a Wording, a value that
 * is itself a rule converted first, so that it is said in the window's language and in English in
 * the log; any other text (zod's own, the service's) as it is.
 */
export function wordingOfRule(text: string): string | Wording {
  const rule = readRuleMessage(text);
  if (rule === null) return text;
  const values = Object.entries(rule.values).map(([name, value]) => [name, typeof value === 'string' ? wordingOfRule(value) : value] as const);
  return values.length === 0 ? { id: rule.id } : { id: rule.id, values: Object.fromEntries(values) };
}

let english: Say | null = null;

/** `wording` in English, the source: the words a log and the journal keep. */
export const inEnglish = (wording: Wording): string => sayWording((english ??= sayerFor(SOURCE_LANGUAGE)), wording);
