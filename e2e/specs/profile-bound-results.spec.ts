import type { Page } from '@playwright/test';
import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-book.ts';
import type { SandboxHandle } from '../../electron/sandbox/index.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { expect, test } from '../harness/fixtures.ts';
import { addressField, addressForm, addressResult, fillAddress, naturalSender, openAddresses, takeAddress } from '../scenarios/addresses.ts';
import { openHistory, searchField, searchText } from '../scenarios/history.ts';
import { createInvoice, field, fillInvoice, invoiceForm, leaveOutSender, openInvoices, result } from '../scenarios/invoices.ts';
import { activeProfile, addProfile, expectLocalSandboxActive, openScreen } from '../scenarios/profiles.ts';
import { exampleTransaction, lookUpAndWait, lookupForm, openTransactions } from '../scenarios/transactions.ts';

/**
 * What a screen shows, or holds half-typed, belongs to the profile it was made on: an invoice created on
 * the local sandbox is no invoice of a LIVE account, and its payment URL must not be offered under the
 * red header. Choosing another profile clears every such result and draft, whichever screen is open.
 *
 * The LIVE profile points at a sandbox of the test's own on loopback (every address but the local
 * sandbox profile's own is live): the same server code, real HTTP.
 */

const LIVE_MERCHANT = { key: 'live-merchant-key-41d2-LIVE', secret: 'live-merchant-secret-9a0e', name: 'Live shop' };
const LIVE_NAME = 'Shop live';

let service: SandboxHandle;
test.beforeEach(async () => {
  service = await startSandbox({ merchants: [LIVE_MERCHANT] });
});
test.afterEach(async () => {
  await service.close();
});

const switcher = (page: Page) => page.getByRole('banner').getByLabel('Profile', { exact: true });

/** Saves the LIVE profile on the Profiles screen without choosing it. */
async function addLiveProfile(page: Page): Promise<void> {
  await openScreen(page, 'Profiles');
  await addProfile(page, { name: LIVE_NAME, baseUrl: service.baseUrl, apiKey: LIVE_MERCHANT.key, secret: LIVE_MERCHANT.secret });
  await expectLocalSandboxActive(page);
}

async function chooseLive(page: Page): Promise<void> {
  await switcher(page).selectOption({ label: `${LIVE_NAME} (LIVE)` });
  await expect(activeProfile(page)).toContainText('LIVE');
  await expect(activeProfile(page)).toContainText(LIVE_NAME);
}

async function chooseLocalSandbox(page: Page): Promise<void> {
  await switcher(page).selectOption(LOCAL_SANDBOX_ID);
  await expectLocalSandboxActive(page);
}

test('an invoice created on the local sandbox is not shown under a LIVE profile, nor when the sandbox is chosen again', async ({ page }) => {
  await addLiveProfile(page);
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  await createInvoice(page);
  await expect(result(page).getByTestId('payment-url')).toContainText('http://127.0.0.1');

  await openScreen(page, 'Profiles');
  await chooseLive(page);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
  await expect(result(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy payment URL' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'QR code of the payment URL' })).toHaveCount(0);
  // A blank form, not the sandbox invoice's values to send again on the live account.
  await expect(invoiceForm(page)).toBeVisible();
  await expect(field(page, 'Title')).toHaveValue('');
  await expect(field(page, 'Amount')).toHaveValue('');

  // Cleared, not hidden: back on the sandbox it is gone too (History keeps the record of it).
  await chooseLocalSandbox(page);
  await expect(result(page)).toHaveCount(0);
  await expect(field(page, 'Title')).toHaveValue('');
});

test('a result on the open screen goes when the header switches profile: an invoice, a lookup, a deposit address', async ({ page, services }) => {
  await addLiveProfile(page);

  // The invoice's result is on screen when the header's switcher is used.
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  await createInvoice(page);
  await chooseLive(page);
  await expect(result(page)).toHaveCount(0);
  await expect(invoiceForm(page)).toBeVisible();
  await chooseLocalSandbox(page);

  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  await openTransactions(page);
  await lookUpAndWait(page, 'id', String(deposit.id));
  await chooseLive(page);
  await expect(page.getByTestId('lookup-result')).toHaveCount(0);
  await expect(lookupForm(page)).toBeVisible();
  await chooseLocalSandbox(page);

  await openAddresses(page);
  await fillAddress(page, { currency: 'BTC', reference: 'cust-42' });
  await naturalSender(page);
  await takeAddress(page);
  await chooseLive(page);
  await expect(addressResult(page)).toHaveCount(0);
  await expect(addressForm(page)).toBeVisible();
  await expect(addressField(page, 'End user reference')).toHaveValue('');
});

test('half-typed forms and History’s search stay with the profile they were typed on', async ({ page }) => {
  await addLiveProfile(page);
  await openInvoices(page);
  await field(page, 'Title').fill('Order for the sandbox');
  await openAddresses(page);
  await addressField(page, 'End user reference').fill('sandbox-customer');
  await openHistory(page);
  await searchText(page, 'nothing-like-this');
  await expect(page.getByText('No entry matches this search.')).toBeVisible();

  await chooseLive(page);
  await expect(searchField(page, 'text')).toHaveValue('');
  await openInvoices(page);
  await expect(field(page, 'Title')).toHaveValue('');
  await openAddresses(page);
  await expect(addressField(page, 'End user reference')).toHaveValue('');
});
