import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import { testConnection } from './connection-test.ts';

const fail = (error: ConstructorParameters<typeof AppFailure>[0]) => async () => {
  throw new AppFailure(error);
};

describe('connection test', () => {
  it('says connected, with the latency from the injected clock', async () => {
    let t = 100;
    const result = await testConnection({ baseUrl: 'https://x.example.com/api/v2', check: async () => void (t += 42), now: () => t });
    expect(result).toEqual({ ok: true, summary: expect.stringContaining('Connected'), latencyMs: 42 });
  });

  it('explains each failure in plain words', async () => {
    const baseUrl = 'https://x.example.com/api/v2';
    const cases: Array<[Parameters<typeof fail>[0], RegExp]> = [
      [{ kind: 'authentication', message: 'Bad key header', code: 'bad_header_key' }, /does not know this API key/],
      [{ kind: 'authentication', message: 'Bad signature header', code: 'bad_header_signature' }, /secret key does not match/],
      [{ kind: 'network', message: 'connection refused' }, /could not be reached/],
      [{ kind: 'timeout', message: 'slow' }, /did not answer in time/],
      [{ kind: 'configuration', message: 'No secret is stored' }, /No secret is stored/],
    ];
    for (const [error, words] of cases) {
      const result = await testConnection({ baseUrl, check: fail(error) });
      expect(result.ok).toBe(false);
      expect(result.summary).toMatch(words);
    }
    expect((await testConnection({ baseUrl, check: async () => { throw new Error('secret-ish detail'); } })).summary).not.toContain('secret-ish');
  });

  it('refuses a plain http address that is not this computer, without calling', async () => {
    let called = false;
    const result = await testConnection({ baseUrl: 'http://example.com/api/v2', check: async () => void (called = true) });
    expect(result).toMatchObject({ ok: false });
    // A rule's message travels encoded (shared/i18n/rule-message.ts): the window words it.
    expect(inEnglish(result.summary)).toContain('https://');
    expect(called).toBe(false);
  });
});
