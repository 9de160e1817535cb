import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transaction } from '../../../shared/api/transaction.ts';
import { createDisputeReport } from './dispute.ts';
import type { JournalRecord, Maker } from './dispute-match.ts';

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
  madeLogin: null,
  madeHere: true,
  resolvedBy: 'Ben Okafor',
  resolvedOn: 'FINANCE-01',
  resolvedLogin: null,
  resolvedAt: '2026-11-21T08:30:00.000Z',
};

/** The same invoice in a team journal, as Ben's desktop reads it: Ana's desktop wrote it, under her database login. */
const teamRecord: JournalRecord = { ...invoiceRecord, madeOn: 'ana-laptop', madeLogin: 'ana', madeHere: false, resolvedOn: 'ben-desktop', resolvedLogin: 'ben' };

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

  it('names who recorded the invoice it cites and on which computer, who resolved it, and who ran the lookup', async () => {
    const bytes = await createDisputeReport({
      transaction: tx,
      lookedUpAt: '2026-11-22T06:00:01.000Z',
      lookedUpBy: { madeBy: 'Cleo Park', madeOn: 'FINANCE-01', madeLogin: null, madeHere: true },
      profileName: 'Main shop',
      raw: JSON.stringify(tx),
      dispute: { askedTxid: txid, record: invoiceRecord },
    });
    const text = pdfText(bytes, 'recorded-by.pdf').replace(/\s+/g, ' ');
    expect(text).toContain('Seen by this desktop (FINANCE-01): looked up by Cleo Park.');
    expect(text).toContain('Invoice inv-1001 (same foreign id): journal entry #3');
    expect(text).toContain('Seen by this desktop (FINANCE-01): recorded by Ana Ruiz.');
    expect(text).toContain('Resolved by Ben Okafor on FINANCE-01 at 2026-11-21T08:30:00.000Z (UTC)');
    expect(text).not.toContain('login');
    expect(text).not.toContain('team journal');
  });

  it('on a team journal, tells what another desktop wrote from what this desktop saw itself, with the logins', async () => {
    const report = async (lookedUpBy: Maker, record: JournalRecord, name: string) =>
      pdfText(
        await createDisputeReport({ transaction: tx, lookedUpAt: '2026-11-22T06:00:01.000Z', lookedUpBy, profileName: 'Main shop', raw: '{}', dispute: { askedTxid: txid, record } }),
        name,
      ).replace(/\s+/g, ' ');
    // Ben looked the payment up on his desktop; Ana's desktop recorded the invoice, which Ben then resolved.
    const bens = await report({ madeBy: 'Ben Okafor', madeOn: 'ben-desktop', madeLogin: 'ben', madeHere: true }, teamRecord, 'team-bens.pdf');
    expect(bens).toContain('Seen by this desktop (ben-desktop): looked up by Ben Okafor (login ben).');
    expect(bens).toContain('From the team journal, recorded by Ana Ruiz (login ana) on ana-laptop: this desktop did not see it itself.');
    expect(bens).toContain('Resolved by Ben Okafor (login ben) on ben-desktop at 2026-11-21T08:30:00.000Z (UTC)');
    // Ana's lookup, reported on Ben's desktop: neither entry is his desktop's own.
    const anas = await report({ madeBy: 'Ana Ruiz', madeOn: 'ana-laptop', madeLogin: 'ana', madeHere: false }, teamRecord, 'team-anas.pdf');
    expect(anas).toContain('From the team journal, looked up by Ana Ruiz (login ana) on ana-laptop: this desktop did not see it itself.');
    expect(anas).not.toContain('Seen by this desktop');
    // An entry copied up from a desktop's history older than the desktop id: the journal cannot say, and the report does not guess.
    const copied = await report({ madeBy: 'Cid Park', madeOn: 'cid-pc', madeLogin: null, madeHere: null }, { ...teamRecord, madeHere: null }, 'team-copied.pdf');
    expect(copied).toContain('From the team journal, looked up by Cid Park on cid-pc: the journal does not record whether this desktop saw it itself.');
    expect(copied).toContain('From the team journal, recorded by Ana Ruiz (login ana) on ana-laptop: the journal does not record whether this desktop saw it itself.');
  });

  it('says when the cited entry does not know who made it, and prints no resolution that never happened', async () => {
    const older = { ...invoiceRecord, madeBy: null, madeOn: null, resolvedBy: null, resolvedOn: null, resolvedAt: null };
    const unnamed = { ...invoiceRecord, madeBy: null, madeOn: 'FINANCE-01', resolvedBy: null, resolvedOn: null, resolvedAt: null };
    const unnamedElsewhere = { ...unnamed, madeOn: 'ana-laptop', madeHere: false };
    const report = async (record: JournalRecord, name: string) =>
      pdfText(await createDisputeReport({ transaction: tx, lookedUpAt: '2026-11-22T06:00:01.000Z', profileName: 'Main shop', raw: '{}', dispute: { askedTxid: null, record } }), name).replace(/\s+/g, ' ');
    const olderText = await report(older, 'older.pdf');
    expect(olderText).toContain('Seen by this desktop: recorded by a person not known (made before the console recorded who made entries).');
    expect(olderText).not.toContain('Resolved by');
    // No line about who ran a lookup whose maker was not given ("Looked up by the service's id" is the dispute's).
    expect(olderText).not.toMatch(/Looked up (by (?!the service's id)|on )/);
    expect(await report(unnamed, 'unnamed.pdf')).toContain('Seen by this desktop (FINANCE-01): recorded before a display name was set.');
    expect(await report(unnamedElsewhere, 'unnamed-elsewhere.pdf')).toContain(
      'From the team journal, recorded on ana-laptop before a display name was set there: this desktop did not see it itself.',
    );
  });
});
