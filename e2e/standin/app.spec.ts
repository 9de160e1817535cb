import { CONTENT_SECURITY_POLICY } from '../../electron/shell/csp.ts';
import { launchApp } from '../harness/app.ts';
import { readClipboard, writeClipboard } from '../harness/clipboard.ts';
import { expect, test } from '../harness/fixtures.ts';
import { uniqueKeychainService } from '../harness/keychain.ts';
import { activeProfile } from '../scenarios/profiles.ts';
import { exampleTransaction, lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * The stand-in running the real built app: main's wiring, its guards, the preload bundle and the
 * protocol handler are what these tests see. docs/electron-standin.md says what each models.
 */

type PageGlobal = Record<string, unknown> & { location: { href: string; reload(): void }; open(url: string): unknown };

test("main's own wiring serves the window: app:// through its handler, its CSP hook, its menu, the preload's bridge", async ({ electronApp }) => {
  const { page, window, standin } = electronApp;
  await expect(activeProfile(page)).toBeVisible();
  expect(window.webContents.getURL()).toBe('app://renderer/index.html');
  expect(window.webContents.mainFrame.url).toBe('app://renderer/index.html');
  expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, preload: expect.stringMatching(/out\/preload\/preload\.cjs$/) });
  expect(standin.desktop.applicationMenu?.items.map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Window']);
  const response = await page.reload();
  expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  const surface = await page.evaluate(() => {
    const page = globalThis as unknown as PageGlobal;
    const descriptor = Object.getOwnPropertyDescriptor(page, 'merchantConsole');
    return {
      keys: Object.keys(page.merchantConsole as object),
      writable: descriptor?.writable,
      configurable: descriptor?.configurable,
      frozen: Object.isFrozen(page.merchantConsole),
      deleted: Reflect.deleteProperty(page, 'merchantConsole'),
      replaced: Reflect.set(page, 'merchantConsole', {}),
      require: typeof page.require,
      pipe: Object.keys(page).filter((key) => key.includes('Standin')),
    };
  });
  expect(surface).toEqual({ keys: ['invoke'], writable: false, configurable: false, frozen: true, deleted: false, replaced: false, require: 'undefined', pipe: [] });
});

test("a page script that finds Playwright's binding controller still cannot reach main", async ({ electronApp, bridge }) => {
  const { page } = electronApp;
  await expect(activeProfile(page)).toBeVisible();
  const answers = await page.evaluate(async () => {
    const controller = (globalThis as unknown as Record<string, { callBinding(name: string, ...args: unknown[]): Promise<unknown> }>).__playwright__binding__controller__;
    const tries = [
      // A channel the app never calls by itself, so any call of it would be this one.
      ['not-the-nonce', 'invoke', 'reports.disputePdf', '{"$id":0,"$a":[{"$id":1,"$o":[["id",1]]}]}'],
      ['not-the-nonce', 'permission', 'clipboard-read'],
    ];
    return Promise.all(tries.map((args) => controller?.callBinding('__electronStandinPipe', ...args).catch((error: Error) => error.message)));
  });
  expect(answers).toEqual([undefined, undefined]);
  expect(bridge.calls).not.toContain('reports.disputePdf');
  expect(electronApp.standin.permissionRequests).toEqual([]);
});

test("Copy goes through main's permission handler: with Electron's old deny-all handler it fails and the clipboard keeps what it had", async ({ electronApp, services, browser }) => {
  const { page, standin } = electronApp;
  await openTransactions(page);
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  const result = await lookUpAndWait(page, 'id', String(deposit.id));
  await writeClipboard(browser, 'what was there before');
  // electron/shell/guards.ts's denyAllPermissions, as it was: every request refused.
  standin.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  await result.getByRole('button', { name: 'Copy txid' }).click();
  await expect(page.getByTestId('announcer')).toHaveText('Could not copy txid: select it and press Ctrl+C');
  expect(standin.permissionRequests).toEqual([expect.objectContaining({ permission: 'clipboard-sanitized-write', isMainFrame: true, granted: false })]);
  expect(await readClipboard(browser)).toBe('what was there before');
});

test("main's navigation guard cancels a renderer-initiated navigation away, and lets its own origin reload", async ({ electronApp }) => {
  const { page, window } = electronApp;
  await expect(activeProfile(page)).toBeVisible();
  const refused = page.waitForEvent('requestfailed', (request) => request.url().startsWith('https://evil.example.com/'));
  await page.evaluate(() => {
    (globalThis as unknown as PageGlobal).location.href = 'https://evil.example.com/';
  });
  expect((await refused).failure()?.errorText).toBe('net::ERR_ABORTED');
  expect(window.webContents.getURL()).toBe('app://renderer/index.html');
  await expect(activeProfile(page)).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => (globalThis as unknown as PageGlobal).location.reload());
  await reloaded;
  await expect(activeProfile(page)).toBeVisible();
});

test("window.open asks main's window-open handler: denied, no window shows and nothing loads; a window main allowed is reported", async ({ electronApp }) => {
  const { page, window, standin } = electronApp;
  await expect(activeProfile(page)).toBeVisible();
  const popup = page.context().waitForEvent('page');
  await page.evaluate(() => void (globalThis as unknown as PageGlobal).open('https://example.com/pay'));
  await expect.poll(async () => (await popup).isClosed()).toBe(true);
  expect(page.context().pages()).toEqual([page]);
  expect(standin.problems()).toEqual([]);

  window.webContents.setWindowOpenHandler(() => ({ action: 'allow' }));
  await page.evaluate(() => void (globalThis as unknown as PageGlobal).open('https://example.com/other'));
  await expect.poll(() => standin.problems()).toEqual(['main allowed a new window for https://example.com/other, which the Electron stand-in does not model']);
  await expect.poll(() => page.context().pages()).toEqual([page]);
});

test('closing the window quits as in Electron: window-all-closed, before-quit, will-quit (main closes its services), quit', async ({ electronApp, services }) => {
  const { page, standin } = electronApp;
  await expect(activeProfile(page)).toBeVisible();
  expect(services.sandbox.baseUrl()).not.toBeNull();
  const events: string[] = [];
  // Ahead of main's own listeners, so each event is noted when it is emitted (main's quits inside its window-all-closed).
  for (const name of ['window-all-closed', 'before-quit', 'will-quit', 'quit']) standin.app.prependListener(name, () => events.push(name));
  await page.close();
  expect(await standin.app.exited).toBe(0);
  // main's will-quit stops the local sandbox, then quits again; the second will-quit lets it go.
  expect(events).toEqual(['window-all-closed', 'before-quit', 'will-quit', 'before-quit', 'will-quit', 'quit']);
  expect(services.sandbox.baseUrl()).toBeNull();
});

test('a main that cannot start shows its error box and exits with code 1', async ({ browser }) => {
  const launching = launchApp({ browser, keychainService: uniqueKeychainService('standin'), env: { MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS: 'soon' } });
  await expect(launching).rejects.toThrow(
    'The app exited (code 1) before opening a window: Merchant Console could not start: MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS must be a whole number of milliseconds, not "soon"',
  );
});
