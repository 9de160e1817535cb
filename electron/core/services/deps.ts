import type { JournalStore, Tracker } from '../journal/index.ts';
import type { ProfileBook } from '../profiles/profile-book.ts';
import type { QuoteBudget } from '../quotes/budget.ts';
import type { AskPerson } from './confirmation.ts';
import type { Connection } from './connection.ts';
import type { LocalSandbox } from './local-sandbox.ts';

/** Asks where to save an export (Electron's save dialog); null when the person cancels. */
export type ChooseSavePath = (request: { defaultName: string; kind: 'csv' | 'pdf' }) => Promise<string | null>;

/** What the handlers of every capability share. */
export type ServiceDeps = {
  dataDir: string;
  version: string;
  book: ProfileBook;
  connection: Connection;
  sandbox: LocalSandbox;
  budget: QuoteBudget;
  /** This desktop's SQLite journal, or the profile's team journal (issue 15): every call is async. */
  journal: JournalStore;
  tracker: Tracker;
  chooseSavePath: ChooseSavePath;
  /** Main's own confirmation of live actions (confirmation.ts); the renderer cannot give it. */
  askPerson: AskPerson;
  /** Epoch milliseconds. */
  now: () => number;
};

export const isoAt = (now: () => number) => new Date(now()).toISOString();
