import { FormattedMessage } from 'react-intl';
import { formatDateTime } from '../../shared/locale/date-time.ts';
import { useFormatLocale } from './locale.ts';

/** "2026-11-22 12:03:07 UTC": ISO order, seconds always shown (staff compare times with the service). */
export function formatUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * A time in local time with UTC beside it, with seconds; `value` is epoch ms or an ISO timestamp.
 * Local time comes first, in the window's regional formats (shared/locale's formatDateTime: the
 * month as a word, the zone named), since it is the time staff live in; UTC beside it, in ISO order,
 * is the time the service, its callbacks and a dispute write. Where local time reads as UTC at that
 * instant it is written once: the same time twice only makes staff look for a difference that is
 * not there. History and the dispute report put UTC first (docs/amounts.md, "Dates and times").
 */
export function DateTime({ value }: { value: number | string }) {
  const locale = useFormatLocale();
  const forms = formatDateTime(value, locale);
  if (forms === null) return <span>{String(value)}</span>;
  const at = new Date(typeof value === 'number' ? value : Date.parse(value));
  return (
    <time dateTime={at.toISOString()} className="datetime">
      {forms.sameAsUtc ? (
        <span>{forms.utc}</span>
      ) : (
        <FormattedMessage id="components.dateTime.both" values={{ local: <span>{forms.local}</span>, utc: <span className="muted">{forms.utc}</span> }} />
      )}
    </time>
  );
}
