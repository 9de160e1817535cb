import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transaction } from '../../../shared/api/transaction.ts';
import { createDisputeReport } from './dispute.ts';
import type { JournalRecord } from './dispute-match.ts';

const dir = mkdtempSync(join(tmpdir(), 'dispute-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const txid = 'a3f1c2e4b5d6978812345678901234567890abcdef1234567890abcdef123456';
const tx = transaction.parse({
  id: 4711,
  foreign_id: 'inv-1001',
  type: 'deposit',
  status: 'confirmed',
  error: null,
  crypto_address: { id: 9, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', tag: null },
  currency_sent: { currency: 'BTC', amount: '0.00300000' },
  currency_received: { currency: 'BTC', amount: '0.00300000', amount_minus_fee: '0.00285000' },
  fees: [{ type: 'fee_crypto_deposit_wallet_client', currency: 'BTC', amount: '0.00015000' }],
  transactions: [
    { id: 1, currency: 'BTC', transaction_type: 'blockchain', type: 'deposit', address: 'bc1q', tag: null, amount: '0.00300000', txid, riskscore: '0.12', confirmations: '9' },
  ],
  additional_details: { note: 'Zoë paid – via 🚀 wallet' },
});

/** The report's text as pdftotext reads it, in reading order with the layout kept. */
function pdfText(bytes: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const invoiceRecord: JournalRecord = {
  journalId: 3,
  operation: 'invoices.create',
  state: 'succeeded',
  foreignId: 'inv-1001',
  endUserReference: null,
  serviceId: '826900',
  title: 'Order 1001',
  currency: 'BTC',
  amount: '0.003',
  address: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  matchedBy: 'foreign id',
  madeBy: 'Ana Ruiz',
  madeOn: 'FINANCE-01',
  resolvedBy: 'Ben Okafor',
  resolvedOn: 'FINANCE-02',
  resolvedAt: '2026-11-21T08:30:00.000Z',
};

describe('dispute report PDF', () => {
  it("holds the transaction's id, txid, amounts, lookup time, profile and the origin that answered, as pdftotext reads it", async () => {
    const bytes = await createDisputeReport({
      transaction: tx,
      lookedUpAt: '2026-11-22T06:00:01.000Z',
      profileName: 'Main shop',
      origin: 'https://app.cryptoprocessing.com',
      raw: JSON.stringify(tx),
    });
    const text = pdfText(bytes, 'report.pdf');
    // Long tokens may be wrapped: compare without white space.
    const flat = text.replace(/\s+/g, '');
    for (const expected of ['4711', txid, '0.00300000', '0.00285000', '0.00015000', '2026-11-22T06:00:01.000Z', 'Mainshop', 'Answeredby:https://app.cryptoprocessing.com', 'confirmed']) {
      expect(flat).toContain(expected);
    }
    // Characters outside the standard font are replaced, not fatal.
    expect(text).toContain('Zoë paid');
  });

  it('names who recorded the invoice it cites and on which computer, who resolved it, and who ran the lookup (issue 15)', async () => {
    const bytes = await createDisputeReport({
      transaction: tx,
      lookedUpAt: '2026-11-22T06:00:01.000Z',
      lookedUpBy: { madeBy: 'Cleo Park', madeOn: 'SUPPORT-7' },
      profileName: 'Main shop',
      raw: JSON.stringify(tx),
      dispute: { askedTxid: txid, record: invoiceRecord },
    });
    const text = pdfText(bytes, 'recorded-by.pdf').replace(/\s+/g, ' ');
    expect(text).toContain('Looked up by Cleo Park on SUPPORT-7');
    expect(text).toContain('Invoice inv-1001 (same foreign id): journal entry #3');
    expect(text).toContain('Recorded by Ana Ruiz on FINANCE-01');
    expect(text).toContain('Resolved by Ben Okafor on FINANCE-02 at 2026-11-21T08:30:00.000Z (UTC)');
  });

  it('says when the cited entry does not know who made it, and prints no resolution that never happened', async () => {
    const older = { ...invoiceRecord, madeBy: null, madeOn: null, resolvedBy: null, resolvedOn: null, resolvedAt: null };
    const unnamed = { ...invoiceRecord, madeBy: null, madeOn: 'FINANCE-01', resolvedBy: null, resolvedOn: null, resolvedAt: null };
    const report = async (record: JournalRecord, name: string) =>
      pdfText(await createDisputeReport({ transaction: tx, lookedUpAt: '2026-11-22T06:00:01.000Z', profileName: 'Main shop', raw: '{}', dispute: { askedTxid: null, record } }), name).replace(/\s+/g, ' ');
    const olderText = await report(older, 'older.pdf');
    expect(olderText).toContain('Recorded by: not known (made before the console recorded who made entries)');
    expect(olderText).not.toContain('Resolved by');
    // No line about who ran a lookup whose maker was not given ("Looked up by the service's id" is the dispute's).
    expect(olderText).not.toMatch(/Looked up (by (?!the service's id)|on )/);
    expect(await report(unnamed, 'unnamed.pdf')).toContain('Recorded on FINANCE-01, before a display name was set there');
  });
});
