/** "2026-11-22 12:03:07 UTC": ISO order, seconds always shown (staff compare times with the service). */
export function formatUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The same instant in the computer's own zone, with seconds and the zone's name. */
export function formatLocal(ms: number): string {
  return new Date(ms).toLocaleString(undefined, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  });
}

/** Whether this computer's clock reads the same as UTC at that instant (a UTC zone, or London in winter). */
export function localIsUtc(ms: number): boolean {
  return new Date(ms).getTimezoneOffset() === 0;
}

/**
 * A time in UTC and in local time, with seconds; `value` is epoch ms or an ISO timestamp. Where
 * local time is UTC at that instant it is written once: the same time twice only makes staff
 * look for a difference that is not there.
 */
export function DateTime({ value }: { value: number | string }) {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) return <span>{String(value)}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} className="datetime">
      <span>{formatUtc(ms)}</span>
      {!localIsUtc(ms) && (
        <>
          {' '}
          <span className="muted">({formatLocal(ms)})</span>
        </>
      )}
    </time>
  );
}
