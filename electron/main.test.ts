import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../shared/ipc/contract.ts';
import { accountsOf, createKeytarSecretStore } from './platform/profiles/secret-store.ts';
import { LOCAL_SANDBOX_ID } from './platform/profiles/profile-book.ts';
import { CONTENT_SECURITY_POLICY } from './shell/csp.ts';
import { currentFakeElectron, FakeFrame, FakeWebContents } from './shell/testing/fake-electron.ts';
import { secureWebPreferences } from './shell/window.ts';
import { sampleInvoiceRequest } from './app/testing/invoice-request.ts';

// The whole main process with Electron faked (no binary here) and everything else real: the
// keychain of the private D-Bus session under its own service name, the local sandbox, the router.

// The fake has no `shell`; the payment pages reach this spy in its place.
const openExternal = vi.hoisted(() => vi.fn(async (_url: string) => {}));
vi.mock('electron', async () => ({
  ...(await import('./shell/testing/fake-electron.ts')).currentFakeElectron().module,
  shell: { openExternal },
}));

const service = `Merchant Console main test ${randomBytes(6).toString('hex')}`;
const dataDir = await mkdtemp(join(tmpdir(), 'mc-main-'));
const fake = currentFakeElectron();
fake.app.setPath('userData', dataDir);
process.env.MERCHANT_CONSOLE_KEYCHAIN_SERVICE = service;

afterAll(async () => {
  const keychain = createKeytarSecretStore(service);
  await keychain.delete(accountsOf(LOCAL_SANDBOX_ID).credentials);
  await rm(dataDir, { recursive: true, force: true });
});

await import('./main.ts');
await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 });
const window = fake.windows[0]!;
const contents = window.webContents;

const fromFrame = (frame: FakeFrame | null, sender: FakeWebContents = contents) => ({ sender, senderFrame: frame });

describe('electron main', () => {
  it('takes the single-instance lock and registers app:// before ready', () => {
    expect(fake.app.quitCalls).toBe(0);
    expect(fake.privileged).toEqual([expect.objectContaining({ scheme: 'app' })]);
    expect(fake.protocolHandlers.has('app')).toBe(true);
  });

  it('opens one window with the secure options, the built preload, and the app:// start page', () => {
    const preferences = window.options.webPreferences as { preload: string };
    expect(preferences.preload).toMatch(/[/\\]preload[/\\]preload\.cjs$/);
    expect(preferences).toEqual(secureWebPreferences(preferences.preload));
    expect(window.loadedUrl).toBe('app://renderer/index.html');
  });

  it('packaged: the app menu of its own, with no DevTools, and a window without DevTools', () => {
    expect(fake.menus).toHaveLength(1);
    expect(JSON.stringify(fake.menus[0])).not.toMatch(/toggleDevTools|"reload"|forceReload/);
    expect((window.options.webPreferences as { devTools?: boolean }).devTools).toBe(false);
  });

  it('registers a handler for every contract channel, answering our main frame', async () => {
    expect([...fake.ipcHandlers.keys()].sort()).toEqual([...CHANNELS].sort());
    const info = await fake.ipcHandlers.get('app.info')?.(fromFrame(contents.mainFrame), {});
    expect(info).toEqual({ ok: true, value: { version: '9.9.9-test', dataDir } });
  });

  it('refuses a subframe, another origin and another web contents', async () => {
    const handler = fake.ipcHandlers.get('profiles.list');
    const subframe = new FakeFrame('app://renderer/index.html', { parent: contents.mainFrame, processId: contents.mainFrame.processId, routingId: 99 });
    const stranger = new FakeWebContents('window', 'app://renderer/index.html');
    for (const event of [fromFrame(subframe), fromFrame(null), fromFrame(stranger.mainFrame, stranger)]) {
      expect(await handler?.(event, {})).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
    }
    contents.mainFrame.url = 'https://evil.example.com/';
    expect(await handler?.(fromFrame(contents.mainFrame), {})).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
    contents.mainFrame.url = 'app://renderer/index.html';
    expect(await handler?.(fromFrame(contents.mainFrame), {})).toMatchObject({ ok: true });
  });

  it('blocks navigation and new windows, closes foreign web contents, denies permissions, sets the CSP', async () => {
    expect(contents.navigate('will-navigate', 'https://evil.example.com')).toBe(true);
    expect(contents.navigate('will-navigate', 'app://renderer/index.html')).toBe(false);
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const popup = new FakeWebContents('window');
    fake.app.emit('web-contents-created', {}, popup);
    await Promise.resolve();
    expect(popup.closed).toBe(true);
    expect(contents.closed).toBe(false);

    let granted: boolean | null = null;
    fake.defaultSession.permissionRequest?.({}, 'media', (answer) => void (granted = answer));
    expect(granted).toBe(false);
    let headers: Record<string, string[]> = {};
    fake.defaultSession.headersListener?.({ responseHeaders: {} }, (response) => void (headers = response.responseHeaders));
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  it("opens a payment page the service returned through Electron's shell, and refuses any other", async () => {
    const call = (channel: string, payload: unknown) => fake.ipcHandlers.get(channel)?.(fromFrame(contents.mainFrame), payload);
    const created = (await call('invoices.create', sampleInvoiceRequest())) as { ok: true; value: { invoice: { url: string } } };
    expect(created).toMatchObject({ ok: true });
    const { url } = created.value.invoice;
    expect(await call('shell.openPaymentPage', { url })).toEqual({ ok: true, value: { opened: true } });
    expect(openExternal).toHaveBeenCalledWith(url);
    expect(await call('shell.openPaymentPage', { url: 'https://evil.example.com/pay' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('stops the services before quitting', async () => {
    let prevented = false;
    fake.app.emit('will-quit', { preventDefault: () => void (prevented = true) });
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(fake.app.quitCalls).toBe(1));
  });
});
