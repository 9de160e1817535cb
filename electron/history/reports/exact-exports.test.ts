import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../shared/ipc/errors.ts';
import { expectedDecimal, jsonNumberText } from '../../../shared/money/testing/json-numbers.ts';
import { createProcessingClient } from '../../platform/api/client.ts';
import type { ProcessingClient } from '../../platform/api/client.ts';
import { startLoopbackServer } from '../../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../../platform/api/loopback-server.ts';
import { createTracker, openJournalDatabase } from '../../platform/journal/index.ts';
import { testJournal } from '../../platform/journal/test-journal.ts';
import { createRouter } from '../../platform/router/router.ts';
import type { Handlers, Router } from '../../platform/router/router.ts';
import { createHeldQuotes } from '../../quotes/held-quotes.ts';
import type { ServiceDeps } from '../../platform/services/deps.ts';
import { fixedExchangePlacer } from '../../quotes/exchange-handlers.ts';
import { placeAtHeldQuote } from '../../quotes/placement-guard.ts';
import { journalHandlers } from '../journal-handlers.ts';
import { transactionHandlers } from '../../transactions/transaction-handlers.ts';
import { sayerFor, SOURCE_LANGUAGE } from '../../../shared/i18n/index.ts';

/**
 * Exact amounts, end to end in main: amounts that the service sent in any JSON number form
 * are stored in the journal (a real SQLite file) and exported to CSV and to the dispute PDF (read
 * back with pdftotext) as the exact plain decimal the BigInt reference computes. Everything runs
 * through the router and the real handlers; the service is a loopback HTTP server.
 */

const SEED = Number(process.env['FUZZ_SEED'] ?? 12_2025);
/** Each run writes and reads back a file (a CSV, or a PDF through pdftotext): few runs, each with many amounts. */
const RUNS = 12;
/** Room for a loaded machine: these runs start processes and write files. */
const PROPERTY_TIMEOUT_MS = 120_000;

const dir = mkdtempSync(join(tmpdir(), 'exact-exports-'));
let server: LoopbackServer;
let client: ProcessingClient;
let router: Router;
let nextSave = '';
/** Main's clock, a minute on per placement: the console's own guard allows 6 placements a minute. */
let clock = Date.UTC(2026, 0, 1);
/** Main places only a quote it holds: each run's quote is held here, as quotes.calculate would. */
const heldQuotes = createHeldQuotes(() => clock);

beforeAll(async () => {
  server = await startLoopbackServer();
  client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: 'k-exports', secret: 's-exports' });
  const journal = testJournal(openJournalDatabase(join(dir, 'journal.sqlite')));
  const tracker = createTracker(journal);
  const deps = {
    connection: { active: async () => ({ client, profileId: 'p1', profileName: 'Shop', kind: 'local-sandbox', baseUrl: server.baseUrl, journal, tracker }) },
    book: { active: () => ({ id: 'p1', name: 'Shop', kind: 'local-sandbox' }), get: () => ({ id: 'p1', name: 'Shop', kind: 'local-sandbox' }) },
    journal,
    // The history channels read the active profile's journal (its own or its team journal): here, always this one.
    journalFor: async () => journal,
    // This desktop's own journal: it wrote every entry.
    madeHere: async () => true,
    // No receiver here: no callback names a payment, and the report matches by reference.
    outcomes: { paidBy: async () => [] },
    chooseSavePath: async () => nextSave,
    askPerson: async () => false,
    now: () => clock,
    // The window's language: English, as the report's words are checked here by their amounts only.
    locale: { current: () => ({ language: SOURCE_LANGUAGE, formatLocale: 'en-US' }), say: sayerFor(SOURCE_LANGUAGE) },
  } as unknown as ServiceDeps;
  // Only the channels under test are called; the router needs an object of every handler's type.
  const exchange = { 'exchange.place': placeAtHeldQuote(deps, heldQuotes, fixedExchangePlacer(deps)) };
  router = createRouter({ ...exchange, ...transactionHandlers(deps), ...journalHandlers(deps) } as Handlers, { log: () => {} });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function value<T>(channel: string, payload: unknown): Promise<T> {
  const answer = (await router.handle(channel, payload, { via: 'test' })) as Envelope<T>;
  if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

/** A JSON number text and how it is written into the body: bare, or in a string. */
const written = fc.tuple(jsonNumberText, fc.boolean()).filter(([text]) => expectedDecimal(text) !== null);
const put = ([text, asString]: [string, boolean]) => (asString ? `"${text}"` : text);

/** An amount a placement takes back as it was quoted: >= 0 and at most 8 places (spec 4.5, section 2). */
const placeable = written.filter(([text]) => /^\d+(\.\d{1,8})?$/.test(expectedDecimal(text) ?? ''));

let runs = 0;

describe('exact amounts in the journal and the exports', () => {
  it('a quoted amount in any form is placed, journaled and exported to CSV as its exact decimal', async () => {
    await fc.assert(
      fc.asyncProperty(placeable, written, async (senderAmount, price) => {
        runs += 1;
        clock += 60_000;
        const quote = `{"data":{"sender_amount":${put(senderAmount)},"sender_currency":"BTC","receiver_amount":"1","receiver_currency":"EUR","fee_amount":"0","fee_currency":"BTC","price":"1","ts_fixed":1,"ts_release":61,"fix_period":60}}`;
        server.answer({ status: 200, body: quote });
        const asked = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' };
        const { quoteId } = heldQuotes.hold('p1', await client.calculateQuote(asked), asked, clock);
        const foreignId = `fx-exact-${runs}`;
        server.answer({
          status: 201,
          body: `{"data":{"id":${runs},"foreign_id":"${foreignId}","type":"exchange","sender_amount":${put(senderAmount)},"sender_currency":"BTC","receiver_amount":"1","receiver_currency":"EUR","fee_amount":"0","fee_currency":"BTC","price":${put(price)},"status":"processing"}}`,
        });
        const placed = await value<{ order: { sender_amount: string; price: string }; journalId: number }>('exchange.place', { quoteId, foreignId });
        const amount = expectedDecimal(senderAmount[0]);
        expect(placed.order).toMatchObject({ sender_amount: amount, price: expectedDecimal(price[0]) });
        // What went on the wire is the same exact decimal, as a bare JSON number.
        expect(server.requests.at(-1)?.body.toString('utf8')).toContain(`"sender_amount":${amount}}`);

        const { entry } = await value<{ entry: { amount: string | null } }>('journal.get', { id: placed.journalId });
        expect(entry.amount).toBe(amount);
        nextSave = join(dir, `history-${runs}.csv`);
        await value('journal.exportCsv', { text: foreignId, operation: 'exchange.place' });
        const rows = parse(readFileSync(nextSave, 'utf8'), { columns: true }) as Record<string, string>[];
        expect(rows.map((row) => row.amount)).toEqual([amount]);
      }),
      { numRuns: RUNS * 4, seed: SEED },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('a looked-up transaction in any form is printed in the dispute PDF as its exact decimals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(written, { minLength: 6, maxLength: 6 }), async (amounts) => {
        const [sent, received, minusFee, fee, entry, entryTo] = amounts.map(put);
        server.answer({
          status: 200,
          body:
            `{"id":4711,"status":"confirmed","type":"deposit","currency_sent":{"currency":"BTC","amount":${sent}},` +
            `"currency_received":{"currency":"BTC","amount":${received},"amount_minus_fee":${minusFee}},` +
            `"fees":[{"type":"mining","currency":"BTC","amount":${fee}}],` +
            `"transactions":[{"id":7,"currency":"BTC","transaction_type":"exchange","type":"exchange","amount":${entry},"currency_to":"EUR","amount_to":${entryTo}}]}`,
        });
        const { journalId } = await value<{ journalId: number }>('transactions.lookup', { id: 4711 });
        nextSave = join(dir, `report-${journalId}.pdf`);
        await value('reports.disputePdf', { id: journalId });
        const text = execFileSync('pdftotext', ['-layout', nextSave, '-'], { encoding: 'utf8' });
        // Long lines may be wrapped: compare without white space.
        const flat = text.replace(/\s+/g, '');
        const [s, r, m, f, e, t] = amounts.map(([written]) => expectedDecimal(written));
        for (const line of [`Sent:${s}BTC`, `Received:${r}BTC`, `Receivedminusfee:${m}BTC`, `fee(mining):${f}BTC`, `Exchange(exchange):${e}BTC`, `to${t}EUR`]) {
          expect(flat, line).toContain(line);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, PROPERTY_TIMEOUT_MS);
});
