import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index.ts';
import { info, invoiceBody, LEGAL, MERCHANT_B, NATURAL, post, startTestSandbox } from './helpers.ts';

/**
 * transactions/info with {"txid": …} as its single parameter (docs/service-interface.md,
 * "transactions/info by txid"): the sandbox finds its own transactions by their hash, for the
 * calling merchant only, and a txid beside id or foreign_id is "more than one param".
 */

let sb: SandboxHandle;
let depositId: number;
let depositTxid: string;
let withdrawalTxid: string;

beforeAll(async () => {
  ({ sb } = await startTestSandbox());
  const invoice = (await post(sb, 'invoices/create', invoiceBody({ currency: 'BTC', amount: '0.01' }))).json.data;
  depositId = sb.payInvoice(invoice.id, { amount: '0.01' }).transactionId;
  depositTxid = (await info(sb, { id: depositId })).json.transactions[0].txid;
  const withdrawal = await post(sb, 'withdrawal/crypto', {
    foreign_id: 'wd-txid-1',
    currency: 'BTC',
    amount: '0.01',
    address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    sender_type: 'legal',
    sender_data: LEGAL,
    receiver_type: 'natural',
    receiver_data: NATURAL,
  });
  withdrawalTxid = (await info(sb, { id: withdrawal.json.data.id })).json.transactions[0].txid;
});
afterAll(() => sb.close());

describe('transactions/info by txid', () => {
  it('finds a paid invoice’s deposit and a withdrawal by their hash', async () => {
    expect(depositTxid).toMatch(/^[0-9a-f]{64}$/);
    const deposit = await info(sb, { txid: depositTxid });
    expect(deposit.status).toBe(200);
    expect(deposit.json).toMatchObject({ id: depositId, type: 'deposit' });
    const withdrawal = await info(sb, { txid: withdrawalTxid });
    expect(withdrawal.json).toMatchObject({ foreign_id: 'wd-txid-1', type: 'withdrawal' });
  });

  it('finds them for the calling merchant only, answering another exactly as for a hash that does not exist', async () => {
    const theirs = await info(sb, { txid: depositTxid }, { merchant: MERCHANT_B });
    const nobody = await info(sb, { txid: 'f'.repeat(64) });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual({ error: 'Transaction not found', code: 'not_found' });
    expect(nobody.json).toEqual(theirs.json);
  });

  it('is the single parameter: beside id or foreign_id it is "more than one param"', async () => {
    for (const body of [{ id: depositId, txid: depositTxid }, { foreign_id: 'wd-txid-1', txid: withdrawalTxid }]) {
      const res = await info(sb, body);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: 'Validation Exception: more than one param is present', code: 'validation_exception' });
    }
  });

  it('refuses a txid that is not a string, is empty, or is too long', async () => {
    expect((await info(sb, { txid: 12345 })).json).toEqual({ errors: { txid: 'The txid must be a string.' } });
    expect((await info(sb, { txid: ' ' })).json).toEqual({ errors: { txid: 'The txid must be a string.' } });
    expect((await info(sb, { txid: 'a'.repeat(256) })).json).toEqual({ errors: { txid: 'The txid must not be greater than 255 characters.' } });
  });
});
