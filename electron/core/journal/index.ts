export { openJournalDatabase, JOURNAL_SCHEMA_VERSION } from './database.ts';
export { createJournal } from './journal.ts';
export type { Admit, EarlierTry, JournalOptions, Outcome, PendingInput } from './journal.ts';
export type { Author, JournalStore } from './store.ts';
export { journalToCsv, CSV_COLUMNS } from './csv.ts';
export { createTracker } from './tracking.ts';
export type { Settled, StepHook, SubmissionStep, Tracked, Tracker } from './tracking.ts';
