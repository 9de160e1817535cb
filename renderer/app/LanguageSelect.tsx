import { useId } from 'react';
import { useIntl } from 'react-intl';
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '../../shared/i18n/index.ts';
import type { MessageId } from '../../shared/i18n/index.ts';
import { announce } from '../components/announce.ts';
import { useLocale } from '../components/locale.ts';
import { appErrorOf } from '../bridge.ts';

/** Regional formats a person may choose over the system's: the shipped languages' usual ones. */
export const FORMAT_CHOICES = ['en-US', 'en-GB', 'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CH', 'fr-CA'] as const;

/** The option that leaves the choice to the system. */
const SYSTEM = '';

type ChoiceProps = {
  label: string;
  testId: string;
  /** The chosen value; SYSTEM when the system decides. */
  value: string;
  /** "Same as system (...)", naming what the system gives. */
  systemLabel: string;
  options: readonly { value: string; label: string; lang?: string }[];
  onChoose(value: string | null): void;
};

function ChoiceSelect({ label, testId, value, systemLabel, options, onChoose }: ChoiceProps) {
  const id = useId();
  return (
    <div className="switcher">
      <label htmlFor={id}>{label}</label>
      <select id={id} data-testid={testId} value={value} onChange={(event) => onChoose(event.target.value || null)}>
        <option value={SYSTEM}>{systemLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The person's choice of language and of regional formats, each "Same as system" by default; kept by
 * main (locale.json), which says its own messages in the same language.
 */
export function LanguageSelect() {
  const intl = useIntl();
  const { view, choose } = useLocale();
  const languageName = (language: string) => intl.formatMessage({ id: `language.name.${language}` as MessageId });
  // A locale's name as the window's language says it ("Deutsch (Schweiz)"), from the platform's own data.
  const names = new Intl.DisplayNames([view.language === PSEUDO_LANGUAGE ? SOURCE_LANGUAGE : view.language], { type: 'language' });
  const formatName = (locale: string) => {
    try {
      return names.of(locale) ?? locale;
    } catch {
      return locale;
    }
  };
  const save = (override: typeof view.override) =>
    void choose(override).then(
      () => announce(intl.formatMessage({ id: 'settings.saved' })),
      (error: unknown) => announce(appErrorOf(error).message),
    );
  return (
    <>
      <ChoiceSelect
        label={intl.formatMessage({ id: 'settings.language.label' })}
        testId="language-select"
        value={view.override.language ?? SYSTEM}
        systemLabel={intl.formatMessage({ id: 'settings.language.system' }, { language: languageName(view.system.language) })}
        options={view.choices.map((language) => ({ value: language, label: languageName(language), lang: language }))}
        onChoose={(language) => save({ ...view.override, language: view.choices.find((choice) => choice === language) ?? null })}
      />
      <ChoiceSelect
        label={intl.formatMessage({ id: 'settings.formats.label' })}
        testId="formats-select"
        value={view.override.formatLocale ?? SYSTEM}
        systemLabel={intl.formatMessage({ id: 'settings.formats.system' }, { locale: formatName(view.system.formatLocale) })}
        options={FORMAT_CHOICES.map((locale) => ({ value: locale, label: formatName(locale) }))}
        onChoose={(formatLocale) => save({ ...view.override, formatLocale })}
      />
    </>
  );
}
