import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import { createProcessingClient } from '../api/client.ts';
import { startLoopbackServer } from '../api/loopback-server.ts';
import { API_KEY, SECRET, failureOf, invoiceAnswer, invoiceRequest } from '../api/test-fixtures.ts';
import { byteCounter } from '../api/testing/byte-counter.ts';
import { openJournalDatabase } from './database.ts';
import type { PendingInput } from './journal.ts';
import type { JournalStore } from './store.ts';
import { testJournal } from './test-journal.ts';
import { createTracker } from './tracking.ts';

/**
 * A team journal commits the sent mark across a network, so the tracker awaits it and
 * the transport hands no byte over before it is committed. Here the mark is slow on purpose: a real
 * SQLite journal whose markSent first waits, as a far database would, then commits or fails; the
 * client is the real one, the server a real one on loopback.
 */

let dir: string;
let file: string;
let journal: JournalStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'awaited-sent-mark-'));
  file = join(dir, 'journal.sqlite');
  journal = testJournal(openJournalDatabase(file));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const input = (foreignId: string): PendingInput => ({
  profileId: 'p1',
  profileName: 'Shop',
  operation: 'invoices.create',
  foreignId,
  request: { ...invoiceRequest, foreign_id: foreignId },
});

/** The journal, with a sent mark that takes a while and then does what `then` says. */
const slowMark = (then: (id: number) => Promise<void>): JournalStore => ({
  ...journal,
  markSent: async (id) => {
    await delay(100);
    await then(id);
  },
});

const submit = (store: JournalStore, baseUrl: string, foreignId: string) =>
  createTracker(store).submission(
    input(foreignId),
    (receipt) => createProcessingClient({ baseUrl, apiKey: API_KEY, secret: SECRET }).createInvoice({ ...invoiceRequest, foreign_id: foreignId }, receipt),
    (invoice) => ({ serviceId: invoice.id, serviceStatus: invoice.status }),
  );

describe('a sent mark committed across a network', () => {
  it('that fails after a while: no byte reaches the server, the try is failed, and the caller hears the journal', async () => {
    const server = await byteCounter();
    try {
      const unreachable = new AppFailure({ kind: 'journal_unavailable', message: 'The team journal at db.example:5432/journal cannot be reached (ECONNRESET).' });
      const error = await failureOf(submit(slowMark(async () => Promise.reject(unreachable)), server.url, 'inv-mark-lost'));
      // Main's decision travels with it: the sent mark was never written, so nothing was carried out.
      expect(error).toEqual({ ...unreachable.error, decision: 'not_carried_out' });
      // The connection was up (the server saw it), and closed without a single byte of the request.
      expect(server.connections).toHaveLength(1);
      await server.connections[0]?.closed;
      expect(server.connections[0]?.bytes).toBe(0);
      // By the one rule, a try without its sent mark provably never left: it may be sent again.
      expect(await journal.triesOf('p1', 'invoices.create', 'inv-mark-lost')).toMatchObject([{ state: 'failed', sentAt: null, httpStatus: null }]);
    } finally {
      await server.close();
    }
  });

  it('that commits after a while: the server sees the request only once the mark is in the file', async () => {
    const server = await startLoopbackServer();
    // Another connection to the same file, read when the request arrives: what a crash would leave.
    const onDisk = new DatabaseSync(file, { readOnly: true });
    try {
      const markOnArrival: Array<string | null> = [];
      server.answer(() => {
        const row = onDisk.prepare("SELECT sent_at FROM entries WHERE foreign_id = 'inv-mark-slow'").get() as { sent_at: string | null };
        markOnArrival.push(row.sent_at);
        return { status: 201, body: invoiceAnswer };
      });
      const tracked = await submit(slowMark((id) => journal.markSent(id)), server.baseUrl, 'inv-mark-slow');
      expect(markOnArrival).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]);
      expect(await journal.get(tracked.journalId)).toMatchObject({ state: 'succeeded', httpStatus: 201 });
    } finally {
      onDisk.close();
      await server.close();
    }
  });
});
