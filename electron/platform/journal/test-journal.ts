import type { DatabaseSync } from 'node:sqlite';
import { createJournal } from './journal.ts';
import type { Author, JournalStore } from './store.ts';

/** Tests' SQLite journal: a person with a name, on a named computer, as main's identity gives. */

export const TEST_AUTHOR: Author = { name: 'Ana Ruiz', computer: 'FINANCE-01', desktopId: '5a0c8a4e-1111-4b7e-9c1d-000000000001' };

export const testJournal = (db: DatabaseSync, now?: () => Date): JournalStore =>
  createJournal(db, { author: () => TEST_AUTHOR, ...(now ? { now } : {}) });
