import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_FOREIGN_IDS, LONG_AMOUNT } from '../model/examples.ts';
import type { SandboxHandle } from '../index.ts';
import { info, MERCHANT_A, MERCHANT_B, startTestSandbox } from './helpers.ts';

let sb: SandboxHandle;
let examples: Array<{ id: number; type: string; status: string; foreign_id: string | null }>;

beforeAll(async () => {
  ({ sb } = await startTestSandbox());
  examples = sb.state(MERCHANT_A.key).transactions;
});
afterAll(() => sb.close());

describe('transactions/info parameters (spec 4.1, field notes)', () => {
  it('answers 400 "No parameters present" for an empty object', async () => {
    const res = await info(sb, {});
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'No parameters present', code: 'no_parameters' });
  });

  it('answers 404 "more than one param" for id and foreign_id together', async () => {
    const res = await info(sb, { id: examples[0]!.id, foreign_id: 'x' });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Validation Exception: more than one param is present');
  });

  it('refuses an id that is not an integer, or below 1', async () => {
    expect((await info(sb, { id: 'abc' })).json).toEqual({ errors: { id: 'The id must be an integer.' } });
    expect((await info(sb, { id: 1.5 })).json).toEqual({ errors: { id: 'The id must be an integer.' } });
    expect((await info(sb, { id: 0 })).json).toEqual({ errors: { id: 'The id must be at least 1.' } });
  });

  it('refuses a foreign_id that is not a string or is too long', async () => {
    expect((await info(sb, { foreign_id: 5 })).json).toEqual({ errors: { foreign_id: 'The foreign id must be a string.' } });
    expect((await info(sb, { foreign_id: 'x'.repeat(256) })).json).toEqual({
      errors: { foreign_id: 'The foreign id must not be greater than 255 characters.' },
    });
  });

  it('answers 404 not_found for an unknown id', async () => {
    const res = await info(sb, { id: 999 });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Transaction not found', code: 'not_found' });
  });
});

describe('preloaded examples', () => {
  it('cover every type and every returned status', () => {
    expect(new Set(examples.map((t) => t.type))).toEqual(new Set(['deposit', 'withdrawal', 'withrawal_exchange', 'exchange']));
    expect(new Set(examples.map((t) => t.status))).toEqual(new Set(['pending', 'not_confirmed', 'confirmed', 'declined', 'cancelled']));
  });

  it('answer in the 2.1 shape with the quirks seen in the wild, numbers digit for digit', async () => {
    const bodies = await Promise.all(examples.map((t) => info(sb, { id: t.id })));
    for (const res of bodies) {
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ transactions: expect.any(Array), fees: expect.any(Array) });
      expect(['pending', 'not_confirmed', 'confirmed', 'declined', 'cancelled']).toContain(res.json.status);
    }
    const all = bodies.map((r) => r.text).join('\n');
    expect(all).toContain(`"amount":${LONG_AMOUNT}`); // a JSON number, not a string
    expect(all).toContain('"confirmations":"9"');
    expect(all).toContain('"riskscore":"0.1"');
    expect(all).toContain('"riskscore":0.35');
    expect(all).toContain('"confirmations":1');
    expect(all).toContain('"foreign_id":164');
    expect(all).toContain('"amount":381');
    expect(all).toContain('"tag":null');
    expect(all).toContain('"additional_details":{');
    expect(all).toContain('"error":"Insufficient funds on the balance for this withdrawal."');
    const pending = bodies.find((r) => r.json.status === 'pending')!;
    expect(pending.json.transactions[0]).not.toHaveProperty('txid');
  });

  it('are found by foreign_id (withdrawals and exchanges), including one stored as a number', async () => {
    for (const foreignId of Object.values(EXAMPLE_FOREIGN_IDS)) {
      const res = await info(sb, { foreign_id: foreignId });
      expect(res.status).toBe(200);
      expect(String(res.json.foreign_id)).toBe(foreignId);
    }
  });

  it('do not find deposits by foreign_id (spec 4.1: deposits by id)', async () => {
    const deposit = examples.find((t) => t.type === 'deposit')!;
    const body = (await info(sb, { id: deposit.id })).json;
    expect(body.crypto_address.foreign_id).toBeTruthy();
    expect((await info(sb, { foreign_id: body.crypto_address.foreign_id })).status).toBe(404);
  });

  it('are found by txid (newer documentation)', async () => {
    const deposit = examples.find((t) => t.type === 'deposit')!;
    const body = (await info(sb, { id: deposit.id })).json;
    const byTxid = await info(sb, { txid: body.transactions[0].txid });
    expect(byTxid.json.id).toBe(deposit.id);
    expect(body.transactions[0].txid).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('merchant isolation', () => {
  it("answers 404 for another merchant's transaction, by id and by foreign_id", async () => {
    const theirs = sb.state(MERCHANT_B.key).transactions;
    expect(theirs.length).toBeGreaterThan(0);
    for (const t of theirs) {
      expect((await info(sb, { id: t.id })).status).toBe(404);
      expect((await info(sb, { id: t.id }, { merchant: MERCHANT_B })).status).toBe(200);
    }
    // Both have an example with the same foreign_id; each sees only its own.
    const a = await info(sb, { foreign_id: EXAMPLE_FOREIGN_IDS.exchangeConfirmed });
    const b = await info(sb, { foreign_id: EXAMPLE_FOREIGN_IDS.exchangeConfirmed }, { merchant: MERCHANT_B });
    expect(a.json.id).not.toBe(b.json.id);
    expect(examples.map((t) => t.id)).toContain(a.json.id);
  });
});
