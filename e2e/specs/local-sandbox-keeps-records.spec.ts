import type { Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MainServices } from '../../electron/app/index.ts';
import { launchApp } from '../harness/app.ts';
import type { RunningApp } from '../harness/app.ts';
import { expect, test } from '../harness/fixtures.ts';
import { uniqueKeychainService } from '../harness/keychain.ts';
import { exactBalance, exchangeThroughMain, openBalances, sandboxBalanceOf } from '../scenarios/balances.ts';
import { cell, historyRows, openHistory } from '../scenarios/history.ts';
import { createInvoice, field, fillInvoice, leaveOutSender, openInvoices } from '../scenarios/invoices.ts';
import { activeProfile, addProfile, expectLocalSandboxActive, openScreen, profileRow, SERVICE_SANDBOX_PROFILE } from '../scenarios/profiles.ts';
import { exchangesFor } from '../scenarios/quote.ts';
import { lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * The Local sandbox's records belong to the data folder: choosing another profile stops its
 * server, closing the app stops it too, and starting it again must bring back the same balances,
 * orders and id counters, so that no id is given to two invoices.
 */

type MadeBefore = { invoice: { foreignId: string; id: string }; exchange: { foreignId: string; id: number }; btc: string };

/** Creates an invoice from the New invoice screen's form. */
async function newInvoice(page: Page): Promise<{ foreignId: string; id: string }> {
  await openInvoices(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  await fillInvoice(page);
  await leaveOutSender(page);
  return { foreignId, id: await createInvoice(page) };
}

/** An invoice on the page, an exchange behind it, and the BTC balance that exchange left. */
async function makeRecords(page: Page, services: MainServices): Promise<MadeBefore> {
  const invoice = await newInvoice(page);
  const foreignId = await exchangeThroughMain(services, { from: 'BTC', to: 'EUR', amount: '0.1' });
  const [placed] = await exchangesFor(services, foreignId);
  expect(placed).toBeDefined();
  const btc = await sandboxBalanceOf(services, 'BTC');
  expect(btc).not.toBe('1.25000000'); // the exchange moved it from the opening balance
  return { invoice, exchange: { foreignId, id: placed?.id ?? 0 }, btc };
}

/** What a person sees after the sandbox started again: the exchange found, the balance kept, a new invoice under a new id. */
async function expectRecordsKept(page: Page, before: MadeBefore): Promise<void> {
  await openTransactions(page);
  const found = await lookUpAndWait(page, 'id', String(before.exchange.id));
  await expect(found).toContainText(before.exchange.foreignId);
  await openBalances(page);
  await expect(exactBalance(page, 'BTC')).toHaveAttribute('data-exact', before.btc);

  const second = await newInvoice(page);
  expect(Number(second.id)).toBeGreaterThan(Number(before.invoice.id));
  await openHistory(page);
  for (const invoice of [before.invoice, second]) {
    const row = historyRows(page).filter({ hasText: invoice.foreignId });
    await expect(row).toHaveCount(1);
    await expect(cell(row, 'service-id')).toHaveText(invoice.id);
  }
}

test('switching to another profile and back keeps the sandbox’s orders, balances and ids', async ({ page, services }) => {
  const before = await makeRecords(page, services);

  await openScreen(page, 'Profiles');
  await addProfile(page, SERVICE_SANDBOX_PROFILE);
  await profileRow(page, SERVICE_SANDBOX_PROFILE.name).getByRole('button', { name: /^Use/ }).click();
  await expect(activeProfile(page)).toContainText(SERVICE_SANDBOX_PROFILE.name);
  expect(services.sandbox.baseUrl()).toBeNull(); // its server stopped
  await profileRow(page, 'Local sandbox').getByRole('button', { name: /^Use/ }).click();
  await expectLocalSandboxActive(page);

  // The invoice shown before the switch went with it (a result belongs to the profile it was made
  // on), so the next one is made from a fresh form.
  await expectRecordsKept(page, before);
});

test('closing the app and opening it again on the same data folder keeps them too', async ({ browser }, testInfo) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'merchant-console-e2e-reopened-'));
  const keychainService = uniqueKeychainService(`${testInfo.workerIndex}-reopened`);
  const run = async (use: (app: RunningApp) => Promise<void>) => {
    const app = await launchApp({ browser, dataDir, keychainService });
    try {
      await expect(app.page.getByTestId('active-profile')).toBeVisible();
      await use(app);
      expect(app.problems(), 'the page or the Electron stand-in reported problems').toEqual([]);
    } finally {
      await app.close(); // the keychain entries go too: the reopened app makes new sandbox credentials
    }
  };
  try {
    let before: MadeBefore | null = null;
    await run(async ({ page, services }) => {
      before = await makeRecords(page, services);
    });
    await run(async ({ page }) => {
      await expectLocalSandboxActive(page);
      await expectRecordsKept(page, before!);
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
