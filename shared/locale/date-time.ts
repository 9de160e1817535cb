/**
 * A moment written for staff who compare it with the service's records: in local time (the zone
 * given, the computer's own by default) with seconds and the zone's name as Intl gives it ("MEZ",
 * "UTC+1", "GMT+1"), the month as a word so that no one reads day and month the wrong way round;
 * and in UTC, in ISO order ("2026-11-22 12:03:07 UTC"), the form the service and a dispute use.
 */
export type DateTimeForms = {
  /** Local time in the locale's own form, with seconds and the zone named. */
  local: string;
  /** The same instant in UTC, ISO order, seconds, "UTC" after it. */
  utc: string;
  /** Whether the zone's clock reads the same as UTC at that instant: then writing both only makes people look for a difference. */
  sameAsUtc: boolean;
};

/** Epoch ms or an ISO timestamp, written in `locale` for `timeZone` and in UTC; null when it is not a time. */
export function formatDateTime(value: string | number, locale: string, timeZone?: string): DateTimeForms | null {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) return null;
  const at = new Date(ms);
  const local = new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(at);
  return { local, utc: `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`, sameAsUtc: wallClock(at, timeZone) === wallClock(at, 'UTC') };
}

/** The date and time a clock in `timeZone` shows at `at`, for comparing two zones. */
function wallClock(at: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23' }).format(at);
}
