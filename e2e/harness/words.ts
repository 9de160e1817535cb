import { createIntl, createIntlCache } from '@formatjs/intl';
import type { Page } from '@playwright/test';
import { amountForInput, formatAmount } from '../../shared/locale/format-amount.ts';
import { catalogueOf, SOURCE_LANGUAGE } from '../../shared/i18n/index.ts';
import { messageArguments } from '../../shared/i18n/message-arguments.ts';
import { wordRule } from '../../shared/i18n/rule-message.ts';
import type { MessageId, ShippedLanguage, WordValues } from '../../shared/i18n/index.ts';

/**
 * The app's words as a spec expects them, in the run's language: the same catalogues
 * (shared/i18n/messages) and the same ICU formatting (@formatjs/intl, as react-intl formats them in
 * the window) the app uses, so one spec's locators hold on an English desktop and on a German one
 * (docs/i18n.md, "Specs in German"). Data the service sent (ids, amounts as sent, codes) stays literal
 * in the specs; only words and what the window writes in its regional formats come from here.
 */

/** A desktop the suite runs on: its language (LANG and the others, as the Electron stand-in reads them) and regional formats. */
export type Desktop = { language: ShippedLanguage; formatLocale: string; env: Record<string, string> };

/** The OS's languages the suite's specs expect by default, whatever the machine's own: English, US formats. */
export const ENGLISH_DESKTOP_ENV: Record<string, string> = { LANGUAGE: '', LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8' };

export const DESKTOPS = {
  en: { language: 'en', formatLocale: 'en-US', env: ENGLISH_DESKTOP_ENV },
  de: { language: 'de', formatLocale: 'de-DE', env: { ...ENGLISH_DESKTOP_ENV, LANG: 'de_DE.UTF-8' } },
} as const satisfies Record<string, Desktop>;

export type DesktopName = keyof typeof DESKTOPS;

/** A catalogue message as the window shows it; rich-text tags (`<strong>`...) give their text only, as a locator reads it. */
export type Words = {
  (id: MessageId, values?: WordValues): string;
  /** The same text as a RegExp, to be found inside a longer one (`toHaveAccessibleDescription`, `getByText`). */
  within(id: MessageId, values?: WordValues): RegExp;
  /** The message as a RegExp (not anchored), each argument named in `any` matching any text (`Exchange .+ for .+`). */
  shaped(id: MessageId, any: readonly string[], values?: WordValues): RegExp;
  /** The message's text before its argument `argument` ("The next quote is possible at" of "... possible at {at}: ..."). */
  before(id: MessageId, argument: string, values?: WordValues): string;
  /** A message main sends encoded (`ruleMessage`: a rule, or an outcome's words from shared/api/outcome-words.ts) as the window words it. */
  rule(text: string): string;
  /** A decimal as a person types it into an amount field in the window's regional formats ("100.50" is "100,50" in German). */
  typed(decimal: string): string;
  /** A decimal as the window writes it in its regional formats, grouped (`formatAmount`: "1.234,56" in German). */
  written(decimal: string, minDecimals?: number): string;
  readonly language: ShippedLanguage;
  readonly formatLocale: string;
};

const plain = (chunks: unknown[]): string => chunks.join('');
const TAGS = { strong: plain, muted: plain, mono: plain, kbd: plain };
const cache = createIntlCache();
/** A stand-in argument, found again in the formatted text (a character no message holds). */
const ANY = '\u0001';

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function wordsOf(desktop: Desktop): Words {
  const catalogue = catalogueOf(desktop.language);
  // A message that cannot be formatted (an argument not given) fails the spec, instead of the id standing in for it.
  const onError = (error: Error): void => {
    throw error;
  };
  const intl = createIntl({ locale: desktop.language, defaultLocale: SOURCE_LANGUAGE, messages: catalogue, onError }, cache);
  const say = (id: MessageId, values?: WordValues): string => String(intl.formatMessage({ id }, { ...TAGS, ...values }));
  const shaped = (id: MessageId, any: readonly string[], values?: WordValues): RegExp => {
    const marked = say(id, { ...values, ...Object.fromEntries(any.map((name) => [name, ANY])) });
    return new RegExp(marked.split(ANY).map(escapeRegExp).join('.+'));
  };
  const before = (id: MessageId, argument: string, values?: WordValues): string => {
    // The plain arguments not given are left empty: only the text before `argument` is kept.
    const others = messageArguments(catalogue[id]).flatMap((found) => (found.endsWith(':argument') ? [found.slice(0, found.indexOf(':'))] : []));
    return say(id, { ...Object.fromEntries(others.map((name) => [name, ''])), ...values, [argument]: ANY }).split(ANY)[0] ?? '';
  };
  return Object.assign(say, {
    shaped,
    before,
    within: (id: MessageId, values?: WordValues) => new RegExp(escapeRegExp(say(id, values))),
    rule: (text: string) => wordRule(intl, text),
    typed: (decimal: string) => amountForInput(decimal, desktop.formatLocale),
    written: (decimal: string, minDecimals?: number) => formatAmount(decimal, desktop.formatLocale, { minDecimals }),
    language: desktop.language,
    formatLocale: desktop.formatLocale,
  });
}

export const ENGLISH_WORDS: Words = wordsOf(DESKTOPS.en);

const onPage = new WeakMap<Page, Words>();

/** Notes the words of the desktop a page belongs to (the fixtures do, for each app window). */
export function useWordsOn(page: Page, words: Words): void {
  onPage.set(page, words);
}

/**
 * The words of the desktop `page` belongs to, for the scenarios' steps (e2e/scenarios), which get
 * only the page; English for a page the fixtures did not open (the Electron suite's).
 */
export function wordsOn(page: Page): Words {
  return onPage.get(page) ?? ENGLISH_WORDS;
}
