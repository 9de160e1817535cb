import type { Language, MessageId, Say } from '../../../shared/i18n/index.ts';
import { sayerFor, SOURCE_LANGUAGE } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/locale/index.ts';

/**
 * The dispute report's words and times, in the window's language and regional formats as main knew
 * them when the report was asked for: every time in UTC, as the service and a dispute read it, and
 * the same instant in the report's time zone beside it where that zone's clock differs (the report
 * says which zone it is). Plain data in, so that the report's worker thread can make it.
 */
export type ReportLocale = {
  /** The window's language; English when not given. */
  language?: Language;
  /** Where dates are written (the window's regional formats); US English when not given. */
  formatLocale?: string;
  /** The zone the person reads local times in (an IANA name); UTC when not given. */
  timeZone?: string;
};

export type ReportWords = {
  say: Say;
  /** An ISO time in words: "2026-11-22 06:00:01 UTC", the local time beside it where it differs; as received when it is not a time. */
  at(value: string): string;
  /** The line that says which zone the report's times are in. */
  zoneLine: string;
  /** A label read inside a sentence ("the transaction is confirmed"), lower-cased as the language does. */
  lower(text: string): string;
};

export function reportWords({ language = SOURCE_LANGUAGE, formatLocale = 'en-US', timeZone = 'UTC' }: ReportLocale = {}): ReportWords {
  const say = sayerFor(language);
  const at = (value: string): string => {
    const forms = formatDateTime(value, formatLocale, timeZone);
    if (forms === null) return value;
    return forms.sameAsUtc ? forms.utc : say('main.history.report.localBeside', { utc: forms.utc, local: forms.local });
  };
  const zone: MessageId = timeZone === 'UTC' ? 'main.history.report.zoneUtc' : 'main.history.report.zoneLocal';
  return { say, at, zoneLine: say(zone, { timeZone }), lower: (text) => text.toLocaleLowerCase(language === SOURCE_LANGUAGE ? 'en' : language) };
}
