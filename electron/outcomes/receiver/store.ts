import type { OutcomeEvent } from '../../platform/outcomes/index.ts';

/**
 * Where the receiver keeps callbacks: every event once, in the order stored, each with the exact
 * body that arrived (its numbers as sent, digit for digit). Two stores: an embedded SQLite file
 * (store-sqlite.ts) and PostgreSQL for several receivers behind one load balancer
 * (store-postgres.ts). Both answer `record` only once the event is durable.
 */

/** A verified callback, ready to store. */
export type NewEvent = {
  /** Whose events these are: the merchant entry's account (its key unless the file names one). */
  account: string;
  /** The key that signed it. */
  signedKey: string;
  type: string;
  objectId: string;
  status: string;
  /** What de-duplicates it within the account (callbackEventKey). */
  eventKey: string;
  /** The raw body, as received (UTF-8). */
  body: string;
  receivedAt: string;
};

/**
 * A stored event, as /events answers it and as a desktop keeps it (platform/outcomes): its cursor is
 * its place in the store's order, as decimal text.
 */
export type StoredEvent = OutcomeEvent;

export type RecordResult = { stored: true; cursor: string } | { stored: false };

export interface EventStore {
  /** Stores the event unless the account holds it already; resolves once it is durable; rejects when it cannot store. */
  record(event: NewEvent): Promise<RecordResult>;
  /** The account's events stored after `cursor` ("0" for the start), in order, at most `limit`. */
  after(account: string, cursor: string, limit: number): Promise<StoredEvent[]>;
  /** Resolves when the store can take a write now; rejects with the reason otherwise. */
  check(): Promise<void>;
  /** Where it stores, without any password: for the logs. */
  readonly description: string;
  close(): Promise<void>;
}

/** The one table both stores keep, in the same columns. */
export const EVENTS_TABLE = 'callback_events';

/** A cursor is a positive decimal integer, or "0" for the start; at most 18 digits, well inside a 64-bit integer. */
export const CURSOR = /^(0|[1-9]\d{0,17})$/;
