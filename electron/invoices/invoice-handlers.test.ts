import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/ipc/errors.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { INVOICES_PER_MINUTE } from './invoice-handlers.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';
import { sampleInvoiceRequest } from '../app/testing/invoice-request.ts';

// invoices.create and shell.openPaymentPage through the real router, the real signed client and the
// real local sandbox on 127.0.0.1. Secrets stay in memory here: this test is about the payment pages,
// and main-services.test.ts already covers the keychain.

const request = () => sampleInvoiceRequest();

let dataDir: string;
let services: MainServices;
const opened: string[] = [];
let withOpener: MainServices;

const call = (target: MainServices, channel: string, payload: unknown) =>
  target.router.handle(channel, payload, { via: 'test' }) as Promise<Envelope<unknown>>;

async function createdUrl(target: MainServices): Promise<string> {
  const answer = await call(target, 'invoices.create', request());
  if (!answer.ok) throw new Error(`invoices.create failed: ${JSON.stringify(answer.error)}`);
  return (answer.value as { invoice: { url: string } }).invoice.url;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-invoice-handlers-'));
  services = await createMainServices({ dataDir: join(dataDir, 'a'), secretStore: createMemorySecretStore(), log: () => {} });
  withOpener = await createMainServices({
    dataDir: join(dataDir, 'b'),
    secretStore: createMemorySecretStore(),
    log: () => {},
    openExternal: async (url) => void opened.push(url),
  });
});
afterAll(async () => {
  await services?.close();
  await withOpener?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('shell.openPaymentPage', () => {
  it('opens the payment URL that invoices.create returned, recording it when no opener is given', async () => {
    const url = await createdUrl(services);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);
    expect(await call(services, 'shell.openPaymentPage', { url })).toEqual({ ok: true, value: { opened: true } });
    expect(services.openedUrls).toEqual([url]);
  });

  it('hands the URL to the injected opener (Electron passes shell.openExternal)', async () => {
    const url = await createdUrl(withOpener);
    expect(await call(withOpener, 'shell.openPaymentPage', { url })).toMatchObject({ ok: true });
    expect(opened).toEqual([url]);
    expect(withOpener.openedUrls).toEqual([]);
  });

  it('refuses a URL the service never returned', async () => {
    const url = await createdUrl(services);
    const before = services.openedUrls.length;
    for (const other of [`${url}x`, 'https://evil.example.com/pay/abc']) {
      expect(await call(services, 'shell.openPaymentPage', { url: other })).toMatchObject({
        ok: false,
        error: { kind: 'invalid_request', message: expect.stringMatching(/only payment pages of invoices created in this session/) },
      });
    }
    // Another run's pages are not this one's: the set lives with the services.
    expect(await call(withOpener, 'shell.openPaymentPage', { url })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(services.openedUrls).toHaveLength(before);
  });

  it('refuses plain http on a remote host and other schemes', async () => {
    for (const url of ['http://shop.example.com/pay/abc', 'file:///etc/passwd', 'not a url']) {
      expect(await call(services, 'shell.openPaymentPage', { url })).toMatchObject({
        ok: false,
        error: { kind: 'invalid_request', message: expect.any(String) },
      });
    }
    expect(await call(services, 'shell.openPaymentPage', { url: '' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });
});

describe('main’s invoice messages in the window’s language', () => {
  it('refuses an unknown payment page in German once the person chose German, in English before', async () => {
    const languages = await createMainServices({ dataDir: join(dataDir, 'd'), secretStore: createMemorySecretStore(), log: () => {} });
    try {
      const refusal = () => call(languages, 'shell.openPaymentPage', { url: 'https://evil.example.com/pay/abc' });
      expect(await refusal()).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The console opens only payment pages/) } });
      await languages.locale.choose({ language: 'de', formatLocale: null });
      expect(await refusal()).toMatchObject({
        ok: false,
        error: { kind: 'invalid_request', message: expect.stringMatching(/^Die Konsole öffnet nur Zahlungsseiten von Rechnungen, die in dieser Sitzung erstellt wurden/) },
      });
    } finally {
      await languages.close();
    }
  });
});

describe('invoices.create from a runaway renderer', () => {
  it(`creates at most ${INVOICES_PER_MINUTE} a minute; the next is refused before anything is sent, and allowed again a minute later`, async () => {
    let clock = Date.UTC(2026, 10, 23, 12);
    const limited = await createMainServices({ dataDir: join(dataDir, 'c'), secretStore: createMemorySecretStore(), log: () => {}, now: () => clock });
    try {
      const sandbox = await limited.sandbox.ensure();
      for (let i = 0; i < INVOICES_PER_MINUTE; i += 1) expect(await call(limited, 'invoices.create', request())).toMatchObject({ ok: true });
      clock += 30_000;
      const refused = await call(limited, 'invoices.create', request());
      expect(refused).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAt: clock + 30_000 } });
      expect(refused).toMatchObject({ error: { message: expect.stringMatching(new RegExp(`^This console creates at most ${INVOICES_PER_MINUTE} invoices a minute`)) } });
      expect(refused.ok ? '' : refused.error.message).toMatch(/at most 20 invoices a minute.*Nothing was sent.*30 s/);
      expect(sandbox.state().invoices).toHaveLength(INVOICES_PER_MINUTE);
      clock += 30_000;
      expect(await call(limited, 'invoices.create', request())).toMatchObject({ ok: true });
      expect(sandbox.state().invoices).toHaveLength(INVOICES_PER_MINUTE + 1);
    } finally {
      await limited.close();
    }
  });
});
