import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/index.ts';
import { announce } from '../components/announce.ts';
import { useLocale } from '../components/locale.ts';
import { appErrorOf } from '../bridge.ts';

/** Regional formats a person may choose over the system's: the shipped languages' usual ones. */
export const FORMAT_CHOICES = ['en-US', 'en-GB', 'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CH', 'fr-CA'] as const;

const SYSTEM = '';

/**
 * The person's choice of language and of regional formats, each "Same as system" by default; kept by
 * main (locale.json), which says its own messages in the same language.
 */
export function LanguageSelect() {
  const languageId = useId();
  const formatsId = useId();
  const intl = useIntl();
  const { view, choose } = useLocale();
  const languageName = (language: string) => intl.formatMessage({ id: `language.name.${language}` as MessageId });
  const formatName = (locale: string) => new Intl.DisplayNames([view.language === 'en-XA' ? 'en' : view.language], { type: 'language' }).of(locale) ?? locale;
  const save = (override: typeof view.override) =>
    choose(override).then(
      () => announce(intl.formatMessage({ id: 'settings.saved' })),
      (error: unknown) => announce(appErrorOf(error).message),
    );
  return (
    <>
      <div className="switcher">
        <label htmlFor={languageId}>{intl.formatMessage({ id: 'settings.language.label' })}</label>
        <select
          id={languageId}
          data-testid="language-select"
          value={view.override.language ?? SYSTEM}
          onChange={(event) => void save({ ...view.override, language: (event.target.value || null) as typeof view.override.language })}
        >
          <option value={SYSTEM}>{intl.formatMessage({ id: 'settings.language.system' }, { language: languageName(view.system.language) })}</option>
          {view.choices.map((language) => (
            <option key={language} value={language} lang={language}>
              {languageName(language)}
            </option>
          ))}
        </select>
      </div>
      <div className="switcher">
        <label htmlFor={formatsId}>{intl.formatMessage({ id: 'settings.formats.label' })}</label>
        <select
          id={formatsId}
          data-testid="formats-select"
          value={view.override.formatLocale ?? SYSTEM}
          onChange={(event) => void save({ ...view.override, formatLocale: event.target.value || null })}
        >
          <option value={SYSTEM}>{intl.formatMessage({ id: 'settings.formats.system' }, { locale: formatName(view.system.formatLocale) })}</option>
          {FORMAT_CHOICES.map((locale) => (
            <option key={locale} value={locale}>
              {formatName(locale)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
