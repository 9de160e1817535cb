import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceCreateRequest } from '../../../shared/api/index.ts';
import { createProcessingClient } from '../api/client.ts';
import { startLoopbackServer } from '../api/loopback-server.ts';
import type { LoopbackServer } from '../api/loopback-server.ts';
import { API_KEY, SECRET, failureOf } from '../api/test-fixtures.ts';
import { openJournalDatabase } from './index.ts';
import type { JournalStore } from './index.ts';
import { BLANKED } from './tracking.ts';
import { testJournal } from './test-journal.ts';
import { createTracker } from './tracking.ts';
import type { Tracker } from './tracking.ts';

/**
 * A service's refusal may echo what it refused: the buyer's e-mail, the sender's name or date of
 * birth. The screen shows the person that message, but the journal keeps it as it keeps answers,
 * without the request's personal data. A real SQLite file, the real client, a service on loopback.
 */

const request: InvoiceCreateRequest = {
  timer: false,
  title: 'Refused invoice',
  foreign_id: 'inv-refused-1',
  currency: 'EUR',
  amount: '12.34',
  url_success: 'https://shop.example.com/ok',
  url_failed: 'https://shop.example.com/failed',
  email_user: 'adalind.quenby@example.com',
  end_user_reference: 'customer-1',
  sender_type: 'natural',
  sender_data: { first_name: 'Adalind', last_name: 'Quenby', date_of_birth: '1985-12-10' },
};
const PERSONAL = ['adalind.quenby@example.com', 'Adalind', 'Quenby', '1985-12-10'];
const REFUSAL = {
  errors: {
    email_user: 'email adalind.quenby@example.com is invalid',
    sender_data: 'sender Adalind Quenby, born 1985-12-10, is not allowed to pay',
  },
};

let dir: string;
let file: string;
let journal: JournalStore;
let tracker: Tracker;
let server: LoopbackServer;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'message-redaction-'));
  file = join(dir, 'journal.sqlite');
  journal = testJournal(openJournalDatabase(file));
  tracker = createTracker(journal);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const client = () => createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });

/** The message column as the file holds it, read apart from the journal's own code. */
function storedMessage(id: number): string | null {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT message FROM entries WHERE id = ?').get(id) as { message: string | null }).message;
  } finally {
    db.close();
  }
}

describe("a refusal's message, as the journal keeps it", () => {
  it('a refused submission: the person hears the whole message, the file keeps it without the e-mail, name or birth date', async () => {
    server.answer({ status: 400, body: JSON.stringify(REFUSAL) });
    const thrown = await failureOf(
      tracker.submission(
        { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: request.foreign_id, request },
        (receipt) => client().createInvoice(request, receipt),
        (value) => ({ serviceId: value.id, serviceStatus: value.status }),
      ),
    );
    expect(thrown).toMatchObject({ kind: 'validation', message: expect.stringContaining('adalind.quenby@example.com is invalid') });

    const id = await journal.lastId('p1');
    const message = storedMessage(id);
    expect((await journal.get(id))?.state).toBe('failed');
    expect(message).toContain(`email ${BLANKED} is invalid`);
    expect(message).toContain(`sender ${BLANKED} ${BLANKED}, born ${BLANKED}`);
    for (const value of PERSONAL) expect(message).not.toContain(value);
  });

  it('a failed lookup: the same', async () => {
    const lookupRequest = { id: 42, email: 'adalind.quenby@example.com' };
    server.answer({ status: 400, body: JSON.stringify({ errors: { id: 'no transaction 42 for adalind.quenby@example.com' } }) });
    await failureOf(
      tracker.lookup(
        { profileId: 'p2', profileName: 'Shop', operation: 'transactions.lookup', request: lookupRequest },
        (receipt) => client().lookupTransaction({ id: 42 }, receipt),
        () => ({ serviceId: 42, serviceStatus: null }),
      ),
    );
    const message = storedMessage(await journal.lastId('p2'));
    expect(message).toContain(`no transaction 42 for ${BLANKED}`);
    expect(message).not.toContain('adalind.quenby@example.com');
  });
});
