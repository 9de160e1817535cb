import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index.ts';
import { call, info, MERCHANT_A, post, rawRequest, sign, startTestSandbox } from './helpers.ts';

let sb: SandboxHandle;
let exampleId: number;

beforeAll(async () => {
  ({ sb } = await startTestSandbox());
  exampleId = sb.state(MERCHANT_A.key).transactions[0]!.id;
});
afterAll(() => sb.close());

describe('ping', () => {
  it('answers OK without any header', async () => {
    const res = await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {});
    expect(res.status).toBe(200);
    expect(res.text).toBe('OK');
  });
});

describe('authentication errors (field notes, error bodies)', () => {
  it('refuses a missing key header', async () => {
    const res = await post(sb, 'currencies/pairs', {}, { merchant: null });
    expect(res.status).toBe(403);
    expect(res.text).toBe('{"error":"No key header","code":"required_header_key"}');
  });

  it('refuses an unknown key', async () => {
    const res = await post(sb, 'currencies/pairs', {}, { merchant: { key: 'nobody', secret: 'x' } });
    expect(res.status).toBe(403);
    expect(res.text).toBe('{"error":"Bad key header","code":"bad_header_key"}');
  });

  it('refuses a missing signature header', async () => {
    const res = await post(sb, 'currencies/pairs', {}, { merchant: null, headers: { 'x-processing-key': MERCHANT_A.key } });
    expect(res.status).toBe(403);
    expect(res.text).toBe('{"error":"No signature header","code":"required_header_signature"}');
  });

  it('refuses a wrong signature, one signed with another secret, and an uppercase one', async () => {
    const body = '{}';
    for (const signature of ['00', sign('not-the-secret', body), sign(MERCHANT_A.secret, body).toUpperCase()]) {
      const res = await post(sb, 'currencies/pairs', undefined, { raw: body, signature });
      expect(res.status).toBe(403);
      expect(res.text).toBe('{"error":"Bad signature header","code":"bad_header_signature"}');
    }
  });

  it('reads header names case-insensitively', async () => {
    const body = '{}';
    const res = await rawRequest(`${sb.baseUrl}/currencies/pairs`, 'POST', body, {
      'Content-Type': 'application/json',
      'X-PROCESSING-KEY': MERCHANT_A.key,
      'x-Processing-Signature': sign(MERCHANT_A.secret, body),
    });
    expect(res.status).toBe(200);
  });

  it('signs the exact bytes: spaces and escapes are fine when signed as sent', async () => {
    const raw = '{ "currency_from" : "BTC", "currency_to": "\\u0045UR" }';
    const res = await post(sb, 'currencies/pairs', undefined, { raw });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
  });
});

describe('content format', () => {
  const BAD = '{"error":"Bad content format","code":"bad_content_format"}';
  it.each([
    ['not JSON', 'hello', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['null', 'null', 'application/json'],
    ['an array', '[]', 'application/json'],
    ['a string', '"x"', 'application/json'],
    ['truncated JSON', '{"a":', 'application/json'],
    ['a form content type', '{}', 'application/x-www-form-urlencoded'],
    ['text/plain', '{}', 'text/plain'],
  ])('refuses %s with 400 bad_content_format', async (_label, raw, contentType) => {
    const res = await post(sb, 'currencies/pairs', undefined, { raw, contentType });
    expect(res.status).toBe(400);
    expect(res.text).toBe(BAD);
  });

  it('refuses a body without Content-Type', async () => {
    const res = await post(sb, 'currencies/pairs', {}, { contentType: null });
    expect(res.status).toBe(400);
    expect(res.text).toBe(BAD);
  });

  it('accepts a charset parameter on application/json', async () => {
    const res = await post(sb, 'currencies/pairs', {}, { contentType: 'application/json; charset=utf-8' });
    expect(res.status).toBe(200);
  });
});

describe('unknown paths', () => {
  it('answers 403 required_header_key for an unknown path, even when signed', async () => {
    for (const path of ['nothing/here', 'invoices/list']) {
      const res = await post(sb, path, {});
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: 'No key header', code: 'required_header_key' });
    }
    const outside = await rawRequest(`${sb.origin}/api/v1/ping`, 'GET', undefined, {});
    expect(outside.status).toBe(403);
  });

  it('treats a known path with the wrong method as unknown', async () => {
    expect((await call(sb, 'POST', 'transactions/info', { id: exampleId })).status).toBe(403);
    expect((await call(sb, 'GET', 'currencies/pairs', {})).status).toBe(403);
  });
});

describe('signing with the real curl and openssl binaries', () => {
  // Async child processes: the sandbox answers from this same process, so a sync call would deadlock.
  const run = async (file: string, args: string[]) => (await promisify(execFile)(file, args, { encoding: 'utf8' })).stdout;

  it('accepts an openssl-signed GET with a body, and refuses it with one byte changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-curl-'));
    const bodyFile = join(dir, 'body.json');
    const body = `{"id":${exampleId}}`;
    writeFileSync(bodyFile, body);
    const digest = await run('openssl', ['dgst', '-sha512', '-hmac', MERCHANT_A.secret, bodyFile]);
    const signature = digest.trim().split('= ').pop() ?? '';
    expect(signature).toMatch(/^[0-9a-f]{128}$/);

    const curl = (file: string) =>
      run('curl', ['-s', '-X', 'GET', `${sb.baseUrl}/transactions/info`, '-H', 'Content-Type: application/json', '-H', `X-Processing-Key: ${MERCHANT_A.key}`, '-H', `X-Processing-Signature: ${signature}`, '--data-binary', `@${file}`, '-w', '\n%{http_code}']);
    const [okBody, okStatus] = (await curl(bodyFile)).split('\n');
    expect(okStatus).toBe('200');
    expect(okBody).toContain(`"id":${exampleId}`);

    const changedFile = join(dir, 'changed.json');
    const changed = Buffer.from(body);
    const at = changed.length - 2; // one digit of the id: one byte
    changed.writeUInt8(changed.readUInt8(at) ^ 1, at);
    writeFileSync(changedFile, changed);
    const [badBody, badStatus] = (await curl(changedFile)).split('\n');
    expect(badStatus).toBe('403');
    expect(badBody).toBe('{"error":"Bad signature header","code":"bad_header_signature"}');
  });
});

describe('GET with a JSON body', () => {
  it('is how transactions/info is read', async () => {
    const res = await info(sb, { id: exampleId });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(exampleId);
  });
});
