import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { sayerFor } from '../../../shared/i18n/index.ts';
import { AppFailure, worded } from '../../../shared/ipc/errors.ts';
import { testConnection } from './connection-test.ts';

const fail = (error: ConstructorParameters<typeof AppFailure>[0]) => async () => {
  throw new AppFailure(error);
};

describe('connection test', () => {
  it('says connected, with the latency from the injected clock', async () => {
    let t = 100;
    const result = await testConnection({ baseUrl: 'https://x.example.com/api/v2', check: async () => void (t += 42), now: () => t });
    expect(result).toEqual({ ok: true, summary: 'Connected: the service accepted the API key and the signature.', latencyMs: 42 });
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

  it("says the result in the window's language: German and French", async () => {
    const baseUrl = 'https://x.example.com/api/v2';
    const ok = async () => undefined;
    expect((await testConnection({ baseUrl, check: ok, say: sayerFor('de') })).summary).toBe('Verbunden: Der Dienst hat den API-Schlüssel und die Signatur angenommen.');
    expect((await testConnection({ baseUrl, check: ok, say: sayerFor('fr') })).summary).toBe('Connecté : le service a accepté la clé d’API et la signature.');
    const badKey = fail({ kind: 'authentication', message: 'Bad key header', code: 'bad_header_key' });
    expect((await testConnection({ baseUrl, check: badKey, say: sayerFor('de') })).summary).toBe(
      'Der Dienst kennt diesen API-Schlüssel nicht. Prüfen Sie, ob der Schlüssel zu dieser Adresse gehört (Live- und Sandbox-Schlüssel sind verschieden).',
    );
    // A failure main worded from the catalogues (the network's, a stored key's) is said in the same language, inside the test's own sentence.
    const unreachable = async () => {
      throw worded({ kind: 'network' }, { id: 'main.platform.api.network', values: { host: 'x.example.com', why: { id: 'main.platform.profiles.unknownReason' } } });
    };
    expect((await testConnection({ baseUrl, check: unreachable })).summary).toBe('The service could not be reached: Could not talk to the service at x.example.com: unknown reason.');
    expect((await testConnection({ baseUrl, check: unreachable, say: sayerFor('fr') })).summary).toMatch(/^Le service n’a pas pu être joint : .*x\.example\.com/);
    const noCredentials = async () => {
      throw worded({ kind: 'configuration' }, { id: 'main.platform.profiles.noCredentials', values: { name: 'Shop' } });
    };
    expect((await testConnection({ baseUrl, check: noCredentials, say: sayerFor('de') })).summary).toBe(
      'Für „Shop“ sind im Schlüsselbund kein API-Schlüssel und kein geheimer Schlüssel gespeichert. Bearbeiten Sie das Profil und geben Sie sie erneut ein.',
    );
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
