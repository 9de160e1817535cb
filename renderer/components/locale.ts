import { create } from 'zustand';
import { catalogueOf, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, wordsFor } from '../../shared/i18n/index.ts';
import type { Catalogue, Language } from '../../shared/i18n/index.ts';
import type { LocaleView, RequestOf } from '../../shared/ipc/contract.ts';
import { bridgeAvailable, invoke, sayFailuresIn } from '../bridge.ts';

/**
 * The window's language and regional formats, as main decided them (shared/i18n/negotiate.ts):
 * asked once before the first render (main.tsx), and again when the person chooses in the header.
 * Not a query: a profile switch resets the queries, and the language must not flicker with it.
 * Components read the words through react-intl (useIntl, FormattedMessage: app/LocaleProvider.tsx);
 * numbers and dates are written in `formatLocale` (useFormatLocale).
 */

const ENGLISH: LocaleView = {
  language: SOURCE_LANGUAGE,
  formatLocale: 'en-US',
  override: { language: null, formatLocale: null },
  system: { language: SOURCE_LANGUAGE, formatLocale: 'en-US' },
  choices: [SOURCE_LANGUAGE],
};

type LocaleState = {
  view: LocaleView;
  choose(override: RequestOf<'locale.set'>): Promise<void>;
};

export const useLocale = create<LocaleState>((set) => ({
  view: ENGLISH,
  async choose(override) {
    set({ view: await invoke('locale.set', override) });
  },
}));

// The bridge's own failures are said in the window's language too, from the moment it is known.
useLocale.subscribe((state, previous) => {
  if (state.view.language !== previous.view.language) sayFailuresIn(wordsFor(state.view.language));
});

/** Before the first render: main's answer, or English where there is no main to ask (a plain browser). */
export async function loadLocale(): Promise<void> {
  if (!bridgeAvailable()) return;
  try {
    useLocale.setState({ view: await invoke('locale.get', {}) });
  } catch (error) {
    console.error('The window’s language could not be read; English is used', error);
  }
}

/** The locale react-intl formats messages in: the language's own (its plural rules), English's for the pseudo-locale. */
export const messageLocaleOf = (language: Language): string => (language === PSEUDO_LANGUAGE ? SOURCE_LANGUAGE : language);

export const messagesOf = (language: Language): Catalogue => catalogueOf(language);

/** Where numbers and dates are written, and amounts read (shared/locale): the system's regional formats unless chosen. */
export const useFormatLocale = (): string => useLocale((state) => state.view.formatLocale);

/** A space between two elements, which is layout, not a word to translate (the JSX lint rule refuses literal text). */
export const SPACE = ' ';
