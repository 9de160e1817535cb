import { _electron as electron, expect, test } from '@playwright/test';
import type { ElectronApplication, Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { clearKeychainService, uniqueKeychainService } from '../harness/keychain.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import {
  activeProfile,
  addProfile,
  BAD_URL_MESSAGE,
  expectLocalSandboxActive,
  LIVE_PROFILE,
  openScreen,
  profileRow,
  removeProfile,
  testConnection,
} from '../scenarios/profiles.ts';
import { createInvoice, fillInvoice, leaveOutSender, openInvoices, result as invoiceResult } from '../scenarios/invoices.ts';
import { expectPairsLoaded, filterField, openPairs, renderedPairs } from '../scenarios/pairs.ts';
import { confirmButton, openQuote, openReview } from '../scenarios/quote.ts';
import { entrySection, lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';
import { findElectronBinary } from './binary.ts';

const binary = findElectronBinary();
const ROOT = resolve(import.meta.dirname, '../..');
const SKIP_REASON = binary.found ? '' : `no Electron binary: ${binary.reason}`;
// Chromium refuses to start as root with its OS sandbox (CI containers run as root); the renderer
// keeps its own isolation (contextIsolation, sandboxed preload, no Node), which these tests check.
const AS_ROOT_ARGS = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
// The list reporter does not print skip reasons; say it once, so a skipped suite is never silent.
if (SKIP_REASON) console.log(`[electron suite] skipped: ${SKIP_REASON}`);

test.describe('the Electron app', () => {
  // Skipped, with the reason, only when there is no binary; with a binary every failure counts.
  test.skip(!binary.found, SKIP_REASON);

  let app: ElectronApplication;
  let page: Page;
  let dataDir: string;
  let keychainService: string;

  test.beforeEach(async () => {
    if (!binary.found) return;
    dataDir = await mkdtemp(join(tmpdir(), 'merchant-console-electron-'));
    keychainService = uniqueKeychainService('electron');
    app = await electron.launch({
      executablePath: binary.path,
      args: [...AS_ROOT_ARGS, ROOT],
      cwd: ROOT,
      env: {
        ...process.env,
        MERCHANT_CONSOLE_DATA_DIR: dataDir,
        MERCHANT_CONSOLE_KEYCHAIN_SERVICE: keychainService,
      },
    });
    page = await app.firstWindow();
    await expect(activeProfile(page)).toBeVisible();
  });

  test.afterEach(async () => {
    if (!binary.found) return;
    await app?.close();
    await clearKeychainService(keychainService);
    await rm(dataDir, { recursive: true, force: true });
  });

  test('profiles: sandbox badge, a live profile, a refused address, connection test, removal', async () => {
    await expectLocalSandboxActive(page);
    await openScreen(page, 'Profiles');

    await addProfile(page, { name: LIVE_PROFILE.name, preset: 'Production', apiKey: LIVE_PROFILE.apiKey, secret: LIVE_PROFILE.secret });
    await expect(profileRow(page, LIVE_PROFILE.name).getByTestId('key-hint')).toHaveText('…ABCD');
    expect(await page.content()).not.toContain(LIVE_PROFILE.secret);

    await page.getByRole('button', { name: 'Add profile' }).click();
    const baseUrl = page.getByLabel('Base URL', { exact: true });
    await baseUrl.fill('http://example.com');
    await baseUrl.blur();
    await expect(page.getByText(BAD_URL_MESSAGE)).toBeVisible();
    await page.keyboard.press('Escape');

    await expect(await testConnection(page, 'Local sandbox')).toContainText('Connected');
    await removeProfile(page, LIVE_PROFILE.name);

    // The renderer has no Node and no ipcRenderer: only the narrow bridge.
    expect(await page.evaluate(() => typeof (globalThis as unknown as PageGlobals).require)).toBe('undefined');
    expect(await page.evaluate(() => Object.keys((globalThis as unknown as PageGlobals).merchantConsole ?? {}))).toEqual(['invoke']);
  });

  // The screens' key scenarios, through Electron's real IPC and the sandbox inside the main process.
  test('invoice: created, with its payment URL and QR code', async () => {
    await openInvoices(page);
    await fillInvoice(page);
    await leaveOutSender(page);
    const id = await createInvoice(page);
    expect(Number(id)).toBeGreaterThan(0);
    await expect(invoiceResult(page).getByTestId('payment-url')).toContainText('/pay/');
    await expect(invoiceResult(page).locator('svg')).toBeVisible();
  });

  test('live quote and fixed exchange: review, place once, then look the order up', async () => {
    await openQuote(page);
    const dialog = await openReview(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
    await confirmButton(dialog).dblclick();
    const placed = dialog.getByTestId('exchange-result');
    await expect(placed.getByTestId('order-status')).toHaveText('processing');
    const orderId = (await placed.getByTestId('order-id').textContent()) ?? '';
    await placed.getByRole('link', { name: 'Look up this transaction' }).click();
    await expect(page.getByTestId('lookup-result')).toContainText(orderId);
    await expect(entrySection(page, 'exchange')).toBeVisible();
  });

  test('pairs: the table loads and filters as you type', async () => {
    await openPairs(page);
    await expectPairsLoaded(page);
    await filterField(page).fill('btc eur');
    await expect.poll(async () => (await renderedPairs(page)).length).toBeGreaterThan(0);
    for (const pair of await renderedPairs(page)) expect(pair).toMatch(/BTC|EUR/);
  });

  test('transaction lookup: a preloaded withdrawal by its foreign id', async () => {
    await openTransactions(page);
    const found = await lookUpAndWait(page, 'foreign_id', 'example-withdrawal-cancelled');
    await expect(found).toContainText(/cancelled/i);
  });
});
