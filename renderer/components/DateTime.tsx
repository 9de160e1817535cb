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

/** A time in UTC and in local time, with seconds; `value` is epoch ms or an ISO timestamp. */
export function DateTime({ value }: { value: number | string }) {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) return <span>{String(value)}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} className="datetime">
      <span>{formatUtc(ms)}</span> <span className="muted">({formatLocal(ms)})</span>
    </time>
  );
}
