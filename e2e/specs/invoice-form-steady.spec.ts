import type { Page } from '@playwright/test';
import type { SandboxHandle } from '../../electron/sandbox/index.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { typedCurrency } from '../scenarios/damaged-pairs.ts';
import { expect, test } from '../harness/fixtures.ts';
import type { ClickTravel } from '../harness/pointer.ts';
import { pressAndRelease } from '../harness/pointer.ts';
import { fillInvoice, invoiceForm, openInvoices, ORDER } from '../scenarios/invoices.ts';
import { activeProfile, addProfile, openScreen } from '../scenarios/profiles.ts';

/**
 * Nothing on the New invoice form moves under a person's pointer between press and release. A press
 * takes the focus from the field being typed in, and leaving a field runs its rules; the error that
 * shows must not push the control being clicked away before the button comes up.
 *
 * As it was seen: a LIVE profile whose service does not answer the pairs list, so the currencies are
 * typed (renderer/components/currency/currency-source.ts). The service is the test's own sandbox on
 * loopback, which is live to the console (every address but the in-app sandbox's own is).
 */

const MERCHANT = { key: 'live-merchant-key-4b19-LIVE', secret: 'live-merchant-secret-a7c2', name: 'Live shop' };
const PROFILE_NAME = 'Shop live';

let service: SandboxHandle;
test.beforeEach(async () => {
  service = await startSandbox({ merchants: [MERCHANT] });
  // No pairs list at all: the form takes typed codes.
  service.setFault('currencies/pairs', { kind: 'status-500' });
});
test.afterEach(async () => {
  await service.close();
});

async function useLiveProfile(page: Page): Promise<void> {
  await openScreen(page, 'Profiles');
  await addProfile(page, { name: PROFILE_NAME, baseUrl: service.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: `${PROFILE_NAME} (LIVE)` });
  await expect(activeProfile(page)).toContainText('LIVE');
}

const leaveOutConfirmation = (page: Page) => invoiceForm(page).getByRole('checkbox', { name: /customer will be asked for the sender data/ });
const timer = (page: Page) => invoiceForm(page).getByRole('checkbox', { name: /Timer/ });
/** A click that moved nothing: the target where it was before, at the press, the release and the click. */
const unmoved = (before: ClickTravel['before']): ClickTravel['at'] => ({ pointerdown: before, mouseup: before, click: before });

test('a click on a checkbox lands where it was pressed, though the press leaves a half-typed currency code', async ({ page }) => {
  await useLiveProfile(page);
  await openInvoices(page);
  const currency = typedCurrency(invoiceForm(page), 'Currency');
  const payIn = typedCurrency(invoiceForm(page), 'Payment currency (optional)');
  await expect(currency).toBeVisible();
  await fillInvoice(page, { ...ORDER, currency: undefined });

  // The press on the confirmation leaves the Currency field with one letter in it.
  await currency.fill('B');
  const onConfirmation = await pressAndRelease(page, leaveOutConfirmation(page));
  expect(onConfirmation.at, 'the confirmation moved under the pointer').toEqual(unmoved(onConfirmation.before));
  await expect(leaveOutConfirmation(page)).toBeChecked();
  await expect(currency).toHaveAccessibleDescription(/Type a currency code/);

  // The press on Timer leaves the Payment currency field with one letter in it.
  await payIn.fill('B');
  const onTimer = await pressAndRelease(page, timer(page));
  expect(onTimer.at, 'Timer moved under the pointer').toEqual(unmoved(onTimer.before));
  await expect(timer(page)).toBeChecked();
  await expect(payIn).toHaveAccessibleDescription(/Type a currency code/);
});

test('with Timer on, the sender is required only once the payment currency is a whole code (rule 2 of 4.4)', async ({ page }) => {
  await useLiveProfile(page);
  await openInvoices(page);
  const payIn = typedCurrency(invoiceForm(page), 'Payment currency (optional)');
  await fillInvoice(page, { ...ORDER, currency: undefined });
  await typedCurrency(invoiceForm(page), 'Currency').fill('EUR');
  await timer(page).check();

  // A code being typed is not yet a payment currency: the confirmation stays where it was, to be clicked.
  await payIn.fill('B');
  await expect(invoiceForm(page)).not.toContainText('Required: this invoice has a timer and a fixed payment currency');
  const onConfirmation = await pressAndRelease(page, leaveOutConfirmation(page));
  expect(onConfirmation.at, 'the confirmation moved under the pointer').toEqual(unmoved(onConfirmation.before));
  await expect(leaveOutConfirmation(page)).toBeChecked();

  // A whole code fixes what the customer pays in: now the sender cannot be left out.
  await payIn.fill('BTC');
  await expect(invoiceForm(page)).toContainText('Required: this invoice has a timer and a fixed payment currency');
  await expect(leaveOutConfirmation(page)).toHaveCount(0);
});
