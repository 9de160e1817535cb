import type { JournalEntry, JournalOperation } from '../../../shared/ipc/journal.ts';
import type { Admit, Outcome, PendingInput } from './journal.ts';
import type { SchemaStatus } from './schema/schema-model.ts';
import type { JournalSearch } from './search-sql.ts';

/**
 * What the app records into, whichever engine keeps it (issue 15): a desktop's SQLite journal
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
  finish(id: number, outcome: Outcome): Promise<JournalEntry>;
  record(input: PendingInput, outcome: Outcome): Promise<JournalEntry>;
  get(id: number): Promise<JournalEntry | null>;
  resolve(id: number, state: 'succeeded' | 'failed', note: string): Promise<JournalEntry>;
  recoverInterrupted(): Promise<JournalEntry[]>;
  search(profileId: string, query?: JournalSearch): Promise<JournalEntry[]>;
  /** The display names that made a profile's entries, for History's filter by person. */
  people(profileId: string): Promise<string[]>;
  findByForeignId(profileId: string, operation: JournalOperation, foreignId: string): Promise<JournalEntry | null>;
  triesOf(profileId: string, operation: JournalOperation, foreignId: string): Promise<JournalEntry[]>;
  lastId(): Promise<number>;
}

/** Who writes: the person's display name (set once; null until then), the computer's name, this desktop's own id. */
export type Author = { name: string | null; computer: string; desktopId: string };
