import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transaction } from '../../../shared/api/transaction.ts';
import { createDisputeReport } from './dispute.ts';

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

describe('dispute report PDF', () => {
  it("holds the transaction's id, txid, amounts, lookup time, profile and the origin that answered, as pdftotext reads it", async () => {
    const bytes = await createDisputeReport({
      transaction: tx,
      lookedUpAt: '2026-11-22T06:00:01.000Z',
      profileName: 'Main shop',
      origin: 'https://app.cryptoprocessing.com',
      raw: JSON.stringify(tx),
    });
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // Long tokens may be wrapped: compare without white space.
    const flat = text.replace(/\s+/g, '');
    for (const expected of ['4711', txid, '0.00300000', '0.00285000', '0.00015000', '2026-11-22T06:00:01.000Z', 'Mainshop', 'Answeredby:https://app.cryptoprocessing.com', 'confirmed']) {
      expect(flat).toContain(expected);
    }
    // Characters outside the standard font are replaced, not fatal.
    expect(text).toContain('Zoë paid');
  });
});
