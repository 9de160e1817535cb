import { describe, expect, it } from 'vitest';
import { formFieldOf, profileFormSchema, toSaveRequest } from './profileForm.ts';

const filled = { name: 'Acme', baseUrl: 'https://app.cryptoprocessing.com/api/v2/', apiKey: ' key-12345678 ', secret: 's3cret' };

describe('the profile form', () => {
  it('reports every missing field at once when adding', () => {
    const result = profileFormSchema(false).safeParse({ name: '', baseUrl: '', apiKey: '', secret: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'baseUrl', 'apiKey', 'secret']);
  });

  it('refuses plain http for a remote host with the contract message', () => {
    const result = profileFormSchema(false).safeParse({ ...filled, baseUrl: 'http://example.com' });
    expect(result.error?.issues[0]?.message).toMatch(/must start with https:\/\//);
  });

  it('lets an edit leave key and secret empty, and leaves them out of the request (keep stored)', () => {
    const value = profileFormSchema(true).parse({ ...filled, apiKey: '', secret: '' });
    expect(toSaveRequest('p1', value)).toEqual({ id: 'p1', name: 'Acme', baseUrl: 'https://app.cryptoprocessing.com/api/v2' });
  });

  it('trims the key and the trailing slash of the base URL, but not the secret', () => {
    const value = profileFormSchema(false).parse({ ...filled, secret: ' spaced ' });
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
