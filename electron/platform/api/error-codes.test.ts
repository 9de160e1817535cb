import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appError } from '../../../shared/ipc/errors.ts';
import { createProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, failureOf } from './test-fixtures.ts';

// Found by the response fuzzer (responses.fuzz.test.ts): a 403 whose code was "constructor" looked
// up Object's constructor among the known codes, and the AppError's message became a function.

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const lookup = () => createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET }).lookupTransaction({ id: 42 });

describe('a 403 code named like a property of every object', () => {
  for (const code of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    it(`"${code}" is an unknown code: authentication, in plain words, with the code kept`, async () => {
      server.answer({ status: 403, body: JSON.stringify({ error: 'Forbidden', code }) });
      const error = await failureOf(lookup());
      expect(appError.safeParse(error).success).toBe(true);
      expect(error).toEqual({ kind: 'authentication', code, message: 'The service refused the credentials: Forbidden' });
    });
  }
});

describe('a field refusal for a field named like a property of every object', () => {
  it('"__proto__" is kept as a field with its message, not swallowed', async () => {
    server.answer({ status: 400, body: '{"errors":{"__proto__":["The proto field is odd."],"amount":"The amount is too small."}}' });
    const error = await failureOf(lookup());
    expect(error.kind).toBe('validation');
    const fields = error.kind === 'validation' ? error.fields : {};
    expect(Object.keys(fields)).toEqual(['__proto__', 'amount']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe('The proto field is odd.');
  });
});
