import type { JournalEntry } from '../ipc/journal.ts';

/**
 * A submission that was sent and never settled: its pending entry has a sent mark, and
 * no answer was recorded since. The desktop that sent it settles it itself, by its answer or, after
 * a crash, by its recovery on the next start. A desktop that stopped for good (it crashed and never
 * came back, or lost its data folder) never does: its entry would stay pending, seen by nobody,
 * holding its foreign id in the team journal for ever. So once it has been silent for longer than
 * SILENT_PENDING_AFTER_MS, every desktop lists it for attention, and a person may record what
 * became of it, as of an unknown outcome. Main's journals decide it with the same threshold, in the
 * database's own words (electron/platform/journal/attention-sql.ts); the screens with these functions.
 */

/**
 * Ten minutes. A request's whole life after its sent mark is bounded by the client's timeouts: a
 * complete answer within the response timeout (30 s, DEFAULT_RESPONSE_TIMEOUT_MS in
 * electron/platform/api/transport.ts; nothing retries a submission), then the journal's own write (a
 * team journal's pool: 5 s to connect, 15 s per query, electron/platform/team-access/pool-config.ts).
 * A desktop still running has settled its entry within a minute; ten leave room for a loaded
 * machine and for clocks that differ a little, and are still short enough that nobody waits long
 * for an entry that will never be settled. A desktop cut off from its team journal for longer
 * settles its entry when it is back, unless a person resolved it meanwhile: the resolution stands.
 */
export const SILENT_PENDING_AFTER_MS = 10 * 60_000;

type Timed = Pick<JournalEntry, 'state' | 'sentAt' | 'updatedAt'>;

/** How long a sent submission has had no answer recorded (milliseconds, at `now`); null for any other entry. */
function silentFor(entry: Timed, now: number): number | null {
  if (entry.state !== 'pending' || entry.sentAt === null) return null;
  return Math.max(0, now - Date.parse(entry.updatedAt));
}

/** A sent submission whose desktop recorded no answer for longer than SILENT_PENDING_AFTER_MS. */
export const isSilentPending = (entry: Timed, now: number): boolean => (silentFor(entry, now) ?? 0) > SILENT_PENDING_AFTER_MS;

/** Whether a person may record what became of an entry: an unknown outcome, or a silent pending submission. */
export const needsPersonCheck = (entry: Timed, now: number): boolean => entry.state === 'unknown' || isSilentPending(entry, now);

/** The whole minutes a sent submission has been silent (0 for any other entry). */
export const silentMinutes = (entry: Timed, now: number): number => Math.floor((silentFor(entry, now) ?? 0) / 60_000);
