import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { formFieldOf, profileFormSchema, reentryReason, toSaveRequest } from './profile-form-schema.ts';

const filled = { name: 'Acme', baseUrl: 'https://app.cryptoprocessing.com/api/v2/', apiKey: ' key-12345678 ', secret: 's3cret' };
const stored: ProfileView = {
  id: 'p1',
  name: 'Acme',
  baseUrl: 'https://app.cryptoprocessing.com/api/v2',
  kind: 'live',
  keyHint: '5678',
  hasSecret: true,
  credentialsOrigin: 'https://app.cryptoprocessing.com',
  teamJournal: null,
  teamJournalPasswordFor: null,
};

describe('the profile form', () => {
  it('reports every missing field at once when adding', () => {
    const result = profileFormSchema(null).safeParse({ name: '', baseUrl: '', apiKey: '', secret: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'baseUrl', 'apiKey', 'secret']);
  });

  it('refuses plain http for a remote host with the contract message', () => {
    const result = profileFormSchema(null).safeParse({ ...filled, baseUrl: 'http://example.com' });
    expect(result.error?.issues[0]?.message).toMatch(/must start with https:\/\//);
  });

  it('lets an edit leave key and secret empty, and leaves them out of the request (keep stored)', () => {
    const value = profileFormSchema(stored).parse({ ...filled, apiKey: '', secret: '' });
    expect(toSaveRequest('p1', value)).toEqual({ id: 'p1', name: 'Acme', baseUrl: 'https://app.cryptoprocessing.com/api/v2' });
  });

  it('asks for both again, and says why, when an edit moves the address to another origin', () => {
    const moved = { ...filled, baseUrl: 'https://app.sandbox.cryptoprocessing.com/api/v2', apiKey: '', secret: '' };
    const result = profileFormSchema(stored).safeParse(moved);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['apiKey', 'Enter the API key for https://app.sandbox.cryptoprocessing.com'],
      ['secret', 'Enter the secret for https://app.sandbox.cryptoprocessing.com'],
    ]);
    expect(reentryReason(stored, moved.baseUrl)).toBe(
      'The stored key and secret are tied to https://app.cryptoprocessing.com, and the app never sends them to another address. Enter both again for https://app.sandbox.cryptoprocessing.com.',
    );
    expect(profileFormSchema(stored).safeParse({ ...moved, apiKey: 'new-key-12345678', secret: 'new' }).success).toBe(true);
    // The same origin, however written, keeps them; a half-typed address says nothing yet.
    expect(reentryReason(stored, 'https://APP.cryptoprocessing.com:443/api/v3')).toBeNull();
    expect(reentryReason(stored, 'https://')).toBeNull();
    // Stored for no address this profile has (its file was edited elsewhere): typed again here too.
    expect(reentryReason({ ...stored, credentialsOrigin: null, hasSecret: false }, stored.baseUrl)).toMatch(/No key and secret are stored that may be sent to https:\/\/app\.cryptoprocessing\.com/);
    expect(reentryReason({ ...stored, id: 'local-sandbox', kind: 'local-sandbox', credentialsOrigin: null }, 'http://127.0.0.1:1')).toBeNull();
  });

  it('trims the key and the trailing slash of the base URL, but not the secret', () => {
    const value = profileFormSchema(null).parse({ ...filled, secret: ' spaced ' });
    expect(toSaveRequest(null, value)).toEqual({
      name: 'Acme',
      baseUrl: 'https://app.cryptoprocessing.com/api/v2',
      apiKey: 'key-12345678',
      secret: ' spaced ',
    });
  });

  it('places field errors from main on the form field they name', () => {
    expect(formFieldOf('baseUrl')).toBe('baseUrl');
    expect(formFieldOf('apiKey.0')).toBe('apiKey');
    expect(formFieldOf('foreign_id')).toBeNull();
  });
});
