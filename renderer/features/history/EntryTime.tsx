import { FormattedMessage } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { formatDateTime } from '../../../shared/locale/index.ts';
import { SPACE, useFormatLocale } from '../../components/locale.ts';

/**
 * A moment of History in words (shared/locale formatDateTime, in the window's regional formats): in UTC,
 * as the service and a dispute read it, and beside it the same instant in this computer's time with
 * seconds and its zone named, unless the two clocks read the same. A value that is not a time is
 * shown as received.
 */
export function timeWords(intl: IntlShape, value: string | number, formatLocale: string): string {
  const forms = formatDateTime(value, formatLocale);
  if (forms === null) return String(value);
  return forms.sameAsUtc ? forms.utc : `${forms.utc} ${intl.formatMessage({ id: 'history.time.local' }, { local: forms.local })}`;
}

/** The same, as a <time> element, its local form muted. */
export function EntryTime({ value }: { value: string | number }) {
  const formatLocale = useFormatLocale();
  const forms = formatDateTime(value, formatLocale);
  if (forms === null) return <span>{String(value)}</span>;
  return (
    <time dateTime={new Date(typeof value === 'number' ? value : Date.parse(value)).toISOString()} className="datetime">
      <span>{forms.utc}</span>
      {!forms.sameAsUtc && (
        <>
          {SPACE}
          <span className="muted">
            <FormattedMessage id="history.time.local" values={{ local: forms.local }} />
          </span>
        </>
      )}
    </time>
  );
}
