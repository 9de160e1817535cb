import type { Wording } from '../../../shared/i18n/words.ts';
import type { JournalEntry, JournalOperation, JournalPage, JournalState } from '../../../shared/ipc/journal.ts';
import type { ParsedAnswer } from '../api/index.ts';
import type { SchemaStatus } from './schema/schema-model.ts';
import type { JournalSearch } from './search-sql.ts';

export type PendingInput = {
  profileId: string;
  profileName: string;
  /** Where the call goes (scheme://host[:port]): the origin whose answer the entry keeps. */
  origin?: string | null;
  operation: JournalOperation;
  foreignId?: string | null;
  title?: string | null;
  endUserReference?: string | null;
  currency?: string | null;
  amount?: string | null;
  request: Record<string, unknown>;
  /** A lookup by hash: the txid it asks for, kept even when nothing is found, so History finds it. */
  txids?: readonly string[];
  /**
   * The entry's uid, when the caller chose it (a new one otherwise). A lookup the team journal may
   * have taken though its answer was lost is kept on this desktop under the same uid, so that its
   * upload finds it there and copies nothing (team-journal/team-store.ts).
   */
  entryUid?: string;
};

export type Outcome = {
  state: Exclude<JournalState, 'pending'>;
  serviceId?: string | number | null;
  serviceStatus?: string | null;
  response?: string | null;
  /** The response as the client parsed it, when it did: the journal redacts it without a second parse (tracking.ts). */
  parsed?: ParsedAnswer;
  httpStatus?: number | null;
  durationMs?: number | null;
  message?: string | null;
  /**
   * The message's words as data, when main made them from the catalogues (an AppFailure's `wording`):
   * kept beside the English message, so that History says it in the window's language.
   */
  messageWording?: Wording | null;
  /** A lookup: every txid it saw, with the one it asked for; replaces what the pending entry had. */
  txids?: readonly string[];
  /** An addresses.take: the deposit address the service gave. */
  address?: string | null;
};

/**
 * An earlier try under a foreign id, as `admit` sees it: the entry, and whether this desktop made
 * it. Told by the entry's desktop id, never by its computer's name, which two data folders on one
 * computer (two people's accounts on it, say) share; the screens have no use for the id itself.
 * Null: the entry does not say (a team journal's entry uploaded from a desktop's history older
 * than the desktop id).
 */
export type EarlierTry = JournalEntry & { madeHere: boolean | null };

/** What decides whether a new try may begin: it throws to refuse, seeing the earlier tries under the foreign id. */
export type Admit = (earlierTries: EarlierTry[]) => void;

/**
 * What `record` wrote. `keptLocally`: the profile's team journal could not take it, and this desktop
 * keeps it until it can (team-journal/team-store.ts). Its id is then this desktop's file's, which
 * History (reading the team journal) does not know: no journal id to give a screen.
 */
export type RecordedEntry = JournalEntry & { keptLocally?: true };

/**
 * What the app records into, whichever engine keeps it: a desktop's SQLite journal
 * (journal.ts) or a team's PostgreSQL journal (postgres/team-journal.ts). Every call is async
 * because a team journal is across a network; each write is committed before its promise resolves,
 * so the tracker (tracking.ts) can await the pending row and the sent mark before any byte leaves.
 */
export interface JournalStore {
  readonly engine: 'sqlite' | 'postgres';
  /** The database's schema version against this app's: read-only when a newer app upgraded it. */
  readonly schema: SchemaStatus;
  begin(input: PendingInput, admit?: Admit): Promise<number>;
  markSent(id: number): Promise<void>;
  /**
   * Settles this desktop's pending entry. Only while it is still pending: a person may have resolved
   * it meanwhile (a silent one, shared/submission/silent-pending.ts), and that resolution stands;
   * the entry is then returned as it is.
   */
  finish(id: number, outcome: Outcome): Promise<JournalEntry>;
  /** A lookup: written whole, already settled, in one step (never left pending). */
  record(input: PendingInput, outcome: Outcome): Promise<RecordedEntry>;
  /**
   * The entry whole, request and answer cut by the database at DETAIL_CHARS (entry-row.ts: detail
   * 'cut'); a row that cannot be read is a failure naming it.
   */
  get(id: number): Promise<JournalEntry | null>;
  /** A person records what became of an unknown outcome or a silent pending submission (attention-sql.ts); anything else is refused. */
  resolve(id: number, state: 'succeeded' | 'failed', note: string): Promise<JournalEntry>;
  recoverInterrupted(): Promise<JournalEntry[]>;
  /** What a person must check, newest first: unknown outcomes, and submissions sent and silent for too long (attention-sql.ts). */
  attention(profileId: string): Promise<JournalPage>;
  /**
   * A page of entries, newest first. The lists (this, attention, the tries) read no request and no
   * answer (detail 'none'): a row may hold megabytes. A row that cannot be read is set aside (`unreadable`).
   */
  search(profileId: string, query?: JournalSearch): Promise<JournalPage>;
  /** The display names that made a profile's entries, for History's filter by person. */
  people(profileId: string): Promise<string[]>;
  findByForeignId(profileId: string, operation: JournalOperation, foreignId: string): Promise<JournalEntry | null>;
  /** Every try, or a failure when one cannot be read: whether another may be sent depends on each of them. */
  triesOf(profileId: string, operation: JournalOperation, foreignId: string): Promise<JournalEntry[]>;
  /** The newest id among the profile's entries (0 when none): its entries above it were written later, by this run for one. */
  lastId(profileId: string): Promise<number>;
}

/** Who writes: the person's display name (set once; null until then), the computer's name, this desktop's own id. */
export type Author = { name: string | null; computer: string; desktopId: string };

/** A page with each entry mapped, or dropped when `map` answers null; the rows set aside stay as they were. */
export const mapPage = (page: JournalPage, map: (entry: JournalEntry) => JournalEntry | null): JournalPage => ({
  entries: page.entries.flatMap((entry) => map(entry) ?? []),
  unreadable: page.unreadable,
});
