import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonNumber } from '../../../shared/money/index.ts';
import type { SandboxHandle } from '../index.ts';
import { post, startTestSandbox } from './helpers.ts';

let sb: SandboxHandle;
beforeEach(async () => {
  ({ sb } = await startTestSandbox());
});
afterEach(() => sb.close());

type PairsBody = { data: Array<Record<string, unknown>> };

/** The second pair's rate_to as a bare number in exponent form, the third's as words: forms the real service may send. */
const damagePairs = (body: unknown): unknown => {
  const { data } = body as PairsBody;
  return { data: data.map((pair, index) => (index === 1 ? { ...pair, rate_to: jsonNumber('2.069384879354E+4') } : index === 2 ? { ...pair, rate_to: 'not a rate' } : pair)) };
};

describe('answer edits (test-only damage to an answer’s content)', () => {
  it('sends the edited body, numbers digit for digit, and leaves the other elements exactly as they were', async () => {
    const before = await post(sb, 'currencies/pairs', {});
    sb.editAnswer('currencies/pairs', damagePairs);
    const edited = await post(sb, 'currencies/pairs', {});
    expect(edited.status).toBe(200);
    expect(edited.text).toContain('"rate_to":2.069384879354E+4');
    expect(edited.json.data[2].rate_to).toBe('not a rate');
    expect(edited.json.data[0]).toEqual(before.json.data[0]);
    expect(edited.json.data).toHaveLength(before.json.data.length);
  });

  it('null removes the edit; other paths and refusals are never edited', async () => {
    sb.editAnswer('/api/v2/currencies/pairs', damagePairs);
    const refused = await post(sb, 'currencies/pairs', { currency_from: 'NOPE' });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ errors: { currency_from: 'The selected currency from is invalid.' } });
    expect((await post(sb, 'accounts/list', {})).text).not.toContain('2.069384879354E+4');

    sb.editAnswer('currencies/pairs', null);
    const plain = await post(sb, 'currencies/pairs', {});
    expect(plain.text).not.toContain('not a rate');
    expect(plain.text).not.toContain('E+4');
  });
});
