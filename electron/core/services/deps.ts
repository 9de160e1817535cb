import type { ProfileBook } from '../profiles/profile-book.ts';
import type { QuoteBudget } from '../quotes/budget.ts';
import type { Connection } from './connection.ts';
import type { LocalSandbox } from './local-sandbox.ts';

/** What the handlers of every capability share. */
export type ServiceDeps = {
  dataDir: string;
  version: string;
  book: ProfileBook;
  connection: Connection;
  sandbox: LocalSandbox;
  budget: QuoteBudget;
  /** Epoch milliseconds. */
  now: () => number;
};

export const isoAt = (now: () => number) => new Date(now()).toISOString();
