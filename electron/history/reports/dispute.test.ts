import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transaction } from '../../../shared/api/transaction.ts';
import { ruleMessage } from '../../../shared/i18n/index.ts';
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
    for (const expected of ['4711', txid, '0.00300000', '0.00285000', '0.00015000', 'Lookedupat:2026-11-2206:00:01UTC', 'TimesareinUTC.', 'Mainshop', 'Answeredby:https://app.cryptoprocessing.com', 'confirmed']) {
      expect(flat).toContain(expected);
    }
    // Characters outside the standard font are replaced, not fatal.
    expect(text).toContain('Zoë paid');
  });

  it('names the merchant right after the title, or says none is set and where to set it', async () => {
    const input = { transaction: tx, lookedUpAt: '2026-11-22T06:00:01.000Z', profileName: 'Main shop', raw: '{}' };
    const linesOf = async (merchantName: string | null | undefined, name: string) =>
      pdfText(await createDisputeReport({ ...input, merchantName }), name)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    const named = await linesOf('Acme GmbH', 'merchant.pdf');
    expect(named.slice(0, 3)).toEqual(['Transaction 4711: dispute report', 'Merchant: Acme GmbH', 'Profile: Main shop']);
    for (const [merchantName, name] of [[null, 'no-merchant.pdf'], [undefined, 'no-merchant-field.pdf']] as const) {
      expect((await linesOf(merchantName, name))[1]).toBe('Merchant: not set (set it on the Profiles screen)');
    }
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
    expect(text).toContain('Resolved by Ben Okafor on FINANCE-01 at 2026-11-21 08:30:00 UTC');
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
    expect(bens).toContain('Resolved by Ben Okafor (login ben) on ben-desktop at 2026-11-21 08:30:00 UTC');
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

describe('dispute report: the service codes in words, and whether the invoice was paid in full', () => {
  const report = async (transactionFields: Record<string, unknown>, record: JournalRecord | null, name: string) =>
    pdfText(
      await createDisputeReport({
        transaction: transaction.parse({ ...tx, ...transactionFields }),
        lookedUpAt: '2026-11-22T06:00:01.000Z',
        profileName: 'Main shop',
        raw: '{}',
        dispute: { askedTxid: txid, record },
      }),
      name,
    ).replace(/\s+/g, ' ');

  it('prints status, type, fee and entry codes in the words the screens use, with the code beside them', async () => {
    const text = await report({}, invoiceRecord, 'words.pdf');
    expect(text).toContain('Status: Confirmed (confirmed). Completed. This is final.');
    expect(text).toContain('Type: Deposit (deposit)');
    expect(text).toContain('Deposit wallet fee (fee_crypto_deposit_wallet_client): 0.00015000 BTC');
    expect(text).toContain('#1 On-chain transfer (blockchain), Deposit (deposit): 0.00300000 BTC');
  });

  it('flags a status, type or fee type the console does not know, printed as received', async () => {
    const text = await report(
      { status: 'on_hold', type: 'refund', fees: [{ type: 'fee_crypto_sell_for_fiat', currency: 'BTC', amount: '0.0001' }] },
      invoiceRecord,
      'unknown-codes.pdf',
    );
    expect(text).toContain('Status: on_hold (not a status this console knows: shown as received). Whether it is final cannot be told');
    expect(text).toContain('Type: refund (not a type this console knows: shown as received)');
    expect(text).toContain('fee_crypto_sell_for_fiat (not a fee type this console knows: shown as received): 0.0001 BTC');
    // Not confirmed: never called paid.
    expect(text).toContain('Not called paid: the transaction\'s status "on_hold" is not one this console knows. It shows 0.00300000 BTC');
    expect(text).not.toContain('Paid in full');
  });

  it('says "Paid in full" only for a confirmed payment of exactly the amount asked, compared as decimals', async () => {
    // 0.00300000 BTC sent against the invoice's 0.003 BTC: equal as decimals.
    expect(await report({}, invoiceRecord, 'paid-full.pdf')).toContain('Paid in full: 0.00300000 BTC, as the invoice asked (0.003 BTC).');
    const less = await report({ currency_sent: { currency: 'BTC', amount: '0.0029' } }, invoiceRecord, 'paid-less.pdf');
    expect(less).toContain('Paid less than asked: 0.0029 BTC against the 0.003 BTC the invoice asked, 0.0001 BTC short.');
    const more = await report({ currency_sent: { currency: 'BTC', amount: '0.00300001' } }, invoiceRecord, 'paid-more.pdf');
    expect(more).toContain('Paid more than asked: 0.00300001 BTC against the 0.003 BTC the invoice asked, 0.00000001 BTC over.');
    const pending = await report({ status: 'not_confirmed' }, invoiceRecord, 'paid-pending.pdf');
    expect(pending).toContain('Not paid yet: the transaction is not confirmed, not final. It shows 0.00300000 BTC, as the invoice asked (0.003 BTC).');
    expect(pending).not.toContain('Paid in full');
    const declined = await report({ status: 'declined' }, invoiceRecord, 'paid-declined.pdf');
    expect(declined).toContain('Not paid: the transaction is declined, which is final. It shows 0.00300000 BTC');
  });

  it('does not convert: an invoice priced in another currency than the payment cannot be called paid in full', async () => {
    const text = await report({}, { ...invoiceRecord, currency: 'EUR', amount: '250.00' }, 'other-currency.pdf');
    expect(text).toContain('Whether this pays the invoice in full cannot be told from this transaction: the invoice asked 250.00 EUR, and the transaction shows no amount in EUR.');
    expect(text).not.toContain('Paid in full');
  });

  it('says whether the service named the invoice or the report matched it by reference', async () => {
    const named = await report({}, { ...invoiceRecord, matchedBy: 'service callback' }, 'named.pdf');
    expect(named).toContain('Invoice inv-1001 (named by the service): journal entry #3');
    expect(named).toContain("The service's callback for this payment names this invoice.");
    expect(named).not.toContain('a match, not the service');
    const address = await report({}, { ...invoiceRecord, operation: 'addresses.take', amount: null, matchedBy: 'service callback' }, 'named-address.pdf');
    expect(address).toContain('Deposit address inv-1001 (named by the service)');
    expect(address).toContain("The service's callback for this payment names this deposit address.");
    const guessed = await report({}, invoiceRecord, 'guessed.pdf');
    expect(guessed).toContain("No callback from the service names what this payment belongs to: this record shares the transaction's foreign id, a match, not the service's word.");
  });

  it('prints no payment line for a deposit address, which asks no amount', async () => {
    const text = await report({}, { ...invoiceRecord, operation: 'addresses.take', amount: null, currency: 'BTC' }, 'address.pdf');
    expect(text).not.toMatch(/Paid|Not paid yet|pays the invoice/);
  });
});

describe('dispute report in the window’s language, its times in the person’s zone beside UTC', () => {
  const input = {
    transaction: tx,
    lookedUpAt: '2026-11-22T06:00:01.000Z',
    lookedUpBy: { madeBy: 'Cleo Park', madeOn: 'FINANCE-01', madeLogin: null, madeHere: true },
    profileName: 'Main shop',
    raw: '{}',
    dispute: { askedTxid: txid, record: invoiceRecord },
    generatedAt: new Date('2026-11-22T06:05:00.000Z'),
    // A fee the lookup set aside: its problem as the schema gives it, a rule's message.
    unreadable: { fees: [{ index: 1, field: 'amount', value: '1,5', message: ruleMessage('rules.wire.notDecimal') }], transactions: [] },
  };

  it('in German, with Berlin time beside UTC and the zone named at the top', async () => {
    const text = pdfText(await createDisputeReport({ ...input, locale: { language: 'de', formatLocale: 'de-DE', timeZone: 'Europe/Berlin' } }), 'de.pdf').replace(/\s+/g, ' ');
    expect(text).toContain('Transaktion 4711: Streitfallbericht');
    expect(text).toContain('Zeiten sind in UTC angegeben, daneben die Ortszeit in Europe/Berlin.');
    // Berlin is an hour ahead in November: the same instant on its own clock, in German's own form.
    expect(text).toContain('Abgefragt am: 2026-11-22 06:00:01 UTC (22. Nov. 2026, 07:00:01 MEZ)');
    expect(text).toContain('Von diesem Desktop (FINANCE-01) gesehen: abgefragt von Cleo Park.');
    expect(text).toContain('Rechnung inv-1001 (gleiche Fremd-ID): Journaleintrag #3');
    expect(text).toContain('Vollständig bezahlt: 0.00300000 BTC, wie die Rechnung verlangte (0.003 BTC).');
    expect(text).toContain('Zurückgestellt, Nr. 2 nicht lesbar: amount = 1,5 (ist kein Dezimalbetrag)');
    expect(text).not.toContain('dispute report');
  });

  it('in French, the same times in Paris', async () => {
    const text = pdfText(await createDisputeReport({ ...input, locale: { language: 'fr', formatLocale: 'fr-FR', timeZone: 'Europe/Paris' } }), 'fr.pdf').replace(/\s+/g, ' ');
    expect(text).toContain('Transaction 4711 : rapport de litige');
    expect(text).toContain('Les heures sont en UTC, avec à côté l’heure locale de Europe/Paris.');
    expect(text).toMatch(/Recherché le : 2026-11-22 06:00:01 UTC \(22 nov\. 2026, 07:00:01 UTC\+1\)/);
    expect(text).toContain('Payée en totalité');
    expect(text).toContain('Mis de côté, n° 2 illisible : amount = 1,5 (n’est pas un montant décimal)');
  });
});
