import type { JournalStore } from '../journal/index.ts';
import type { ProfileBook } from '../profiles/index.ts';
import type { QuoteBudget } from '../limits/index.ts';
import type { AskPerson } from './confirmation.ts';
import type { Connection } from './connection.ts';
import type { LocalSandbox } from './local-sandbox.ts';
import type { ReportedOutcomes } from '../outcomes/index.ts';
import type { AppLocale } from '../locale/index.ts';

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
  /** This desktop's SQLite journal: every call is async. */
  journal: JournalStore;
  /**
   * The journal a profile records into and is read from: `journal`, or the profile's team
   * journal, to which the handlers pass the profile's own id all the same (team-journal/team-store.ts).
   */
  journalFor: (profileId: string) => Promise<JournalStore>;
  /**
   * Whether this desktop wrote an entry of the profile's journal, by its desktop id; null when the
   * journal does not say (team-journal/journal-routing.ts). A dispute report says it, never guesses it.
   */
  madeHere: (profileId: string, entryId: number) => Promise<boolean | null>;
  /** What receivers reported, per profile (outcomes.sqlite): the service's own word on what a payment belongs to. */
  outcomes: ReportedOutcomes;
  chooseSavePath: ChooseSavePath;
  /** Main's own confirmation of live actions (confirmation.ts); the renderer cannot give it. */
  askPerson: AskPerson;
  /** Epoch milliseconds. */
  now: () => number;
  /** The window's language: main's own messages (errors, dialogs, reports) are said in it (platform/locale). */
  locale: AppLocale;
};

export const isoAt = (now: () => number) => new Date(now()).toISOString();
