import type { Page } from '@playwright/test';
import { expect } from '../harness/fixtures.ts';
import { attempts, expectNoSecondRecord, expectPlainWords, LOST_ANSWERS, SLOW_ANSWER_MS, test } from '../scenarios/faults.ts';
import {
  breakInvoiceCreation,
  clearFaults,
  field,
  fillInvoice,
  invoiceForm,
  leaveOutSender,
  openInvoices,
  ORDER,
  result,
  sandboxInvoices,
} from '../scenarios/invoices.ts';
import { amountField, confirmButton, exchangesFor, liveQuote, openQuote, openReview, quoteForm, reviewDialog, setFault } from '../scenarios/quote.ts';
import { lookupForm } from '../scenarios/transactions.ts';

/**
 * The sandbox's faults during invoice creation and fixed exchange. For each: the person
 * reads what happened in plain words, the journal holds every attempt in the right state, the
 * sandbox never holds a second invoice or exchange for a foreign id, and once the fault is lifted
 * the job is finished without typing the form again.
 */

const submit = (page: Page) => invoiceForm(page).getByRole('button', { name: /^(Create invoice|Send again with the same foreign id|Creating…)$/ });

/** Every value fillInvoice typed is still in the form. */
async function expectInvoiceFormKept(page: Page, foreignId: string): Promise<void> {
  await expect(field(page, 'Title')).toHaveValue(ORDER.title);
  await expect(field(page, 'Amount')).toHaveValue(ORDER.amount);
  await expect(field(page, 'Currency')).toHaveValue(ORDER.currency ?? '');
  await expect(field(page, 'Customer e-mail')).toHaveValue(ORDER.email);
  await expect(field(page, 'End user reference')).toHaveValue(ORDER.reference);
  await expect(field(page, 'Success URL')).toHaveValue(ORDER.urlSuccess);
  await expect(field(page, 'Failure URL')).toHaveValue(ORDER.urlFailed);
  await expect(field(page, 'Foreign id')).toHaveValue(foreignId);
}

const invoicesWith = async (services: Parameters<typeof sandboxInvoices>[0], foreignId: string) =>
  (await sandboxInvoices(services)).filter((invoice) => invoice.foreign_id === foreignId);

test.describe('invoice creation', () => {
  test.beforeEach(async ({ page }) => {
    await openInvoices(page);
    await fillInvoice(page);
    await leaveOutSender(page);
  });

  test('a slow answer: the form shows it is working, then the invoice', async ({ page, services }) => {
    const foreignId = await field(page, 'Foreign id').inputValue();
    await breakInvoiceCreation(services, { fault: 'latency', ms: SLOW_ANSWER_MS });
    await submit(page).click();
    await expect(submit(page)).toHaveText('Creating…');
    await expect(submit(page)).toBeDisabled();
    // Written before the request left, still waiting for its answer.
    expect((await attempts(services, 'invoices.create', foreignId)).map((entry) => entry.state)).toEqual(['pending']);

    await expect(result(page)).toBeVisible();
    const [invoice] = await invoicesWith(services, foreignId);
    await expect(result(page).getByTestId('invoice-id')).toHaveText(String(invoice?.id));
    await expect(page.getByTestId('outcome-unknown')).toHaveCount(0);
    expect(await attempts(services, 'invoices.create', foreignId)).toEqual([
      expect.objectContaining({ state: 'succeeded', serviceId: String(invoice?.id), httpStatus: expect.any(Number) }),
    ]);
    await expectNoSecondRecord(services);
  });

  for (const fault of LOST_ANSWERS) {
    test(`${fault.name}: outcome unknown in plain words, then sent again with the same foreign id`, async ({ page, services, bridge }) => {
      const foreignId = await field(page, 'Foreign id').inputValue();
      await breakInvoiceCreation(services, { fault: fault.kind, after: fault.after });
      await submit(page).click();

      const notice = page.getByTestId('outcome-unknown');
      await expect(notice).toContainText('Outcome unknown');
      await expect(notice).toContainText(fault.words);
      await expect(notice.getByTestId('unknown-foreign-id')).toHaveText(foreignId);
      await expectPlainWords(notice);
      expect(await attempts(services, 'invoices.create', foreignId)).toEqual([expect.objectContaining({ state: 'unknown', message: expect.stringMatching(fault.words) })]);
      expect(await invoicesWith(services, foreignId)).toHaveLength(fault.after ? 1 : 0);
      await expectNoSecondRecord(services);

      // The fault is lifted; the form still holds every value, and one click sends it again.
      await clearFaults(services);
      await expectInvoiceFormKept(page, foreignId);
      await expect(submit(page)).toHaveText('Send again with the same foreign id');
      await submit(page).click();

      if (fault.after) {
        // The first try did create it: the service refuses a second one, and the console says why.
        await expect(field(page, 'Foreign id')).toHaveAccessibleDescription(/The foreign id has already been taken\./);
        await expect(page.getByTestId('duplicate-explained')).toContainText('even if that attempt ended with an unknown outcome');
        await expectPlainWords(page.getByTestId('duplicate-explained'));
        expect(await attempts(services, 'invoices.create', foreignId)).toEqual([
          expect.objectContaining({ state: 'unknown' }),
          expect.objectContaining({ state: 'failed', httpStatus: 400, message: expect.stringMatching(/no second one was made\. .*it did\./) }),
        ]);
      } else {
        await expect(result(page)).toBeVisible();
        await expect(result(page).getByTestId('invoice-foreign-id')).toHaveText(foreignId);
        const [invoice] = await invoicesWith(services, foreignId);
        await expect(result(page).getByTestId('invoice-id')).toHaveText(String(invoice?.id));
        expect(await attempts(services, 'invoices.create', foreignId)).toEqual([
          expect.objectContaining({ state: 'unknown' }),
          expect.objectContaining({ state: 'succeeded', serviceId: String(invoice?.id) }),
        ]);
      }
      expect(bridge.calls.filter((channel) => channel === 'invoices.create')).toHaveLength(2);
      expect(await invoicesWith(services, foreignId)).toHaveLength(1);
      await expectNoSecondRecord(services);
    });
  }
});

test.describe('fixed exchange', () => {
  test.beforeEach(async ({ page }) => {
    await openQuote(page);
  });

  test('a slow answer: the review shows it is placing, then the order', async ({ page, services }) => {
    await setFault(services, 'exchange/fixed', { kind: 'latency', ms: SLOW_ANSWER_MS });
    const dialog = await openReview(page, { amount: '0.01' });
    const foreignId = (await dialog.getByTestId('review-foreign-id').textContent()) ?? '';
    await confirmButton(dialog).click();
    await expect(confirmButton(dialog)).toHaveText('Placing…');
    await expect(confirmButton(dialog)).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect((await attempts(services, 'exchange.place', foreignId)).map((entry) => entry.state)).toEqual(['pending']);

    await expect(dialog.getByTestId('order-status')).toHaveText('processing');
    const [order] = await exchangesFor(services, foreignId);
    await expect(dialog.getByTestId('order-id')).toHaveText(String(order?.id));
    expect(await attempts(services, 'exchange.place', foreignId)).toEqual([expect.objectContaining({ state: 'succeeded', serviceId: String(order?.id) })]);
    await expectNoSecondRecord(services);
  });

  for (const fault of LOST_ANSWERS) {
    test(`${fault.name}: outcome unknown in plain words, then looked up${fault.after ? '' : ', re-quoted and placed'}`, async ({ page, services, bridge }) => {
      await setFault(services, 'exchange/fixed', { kind: fault.kind, after: fault.after });
      const dialog = await openReview(page, { amount: '0.01' });
      const foreignId = (await dialog.getByTestId('review-foreign-id').textContent()) ?? '';
      await confirmButton(dialog).click();

      await expect(dialog.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
      const unknown = dialog.getByTestId('exchange-unknown');
      await expect(unknown).toContainText(fault.words);
      await expect(unknown.getByTestId('unknown-foreign-id')).toHaveText(foreignId);
      await expectPlainWords(unknown);
      // Nothing here places it again.
      await expect(dialog.getByRole('button', { name: /^(Exchange|Confirm|Try again|Place)/ })).toHaveCount(0);
      expect(await attempts(services, 'exchange.place', foreignId)).toEqual([expect.objectContaining({ state: 'unknown', message: expect.stringMatching(fault.words) })]);
      expect(await exchangesFor(services, foreignId)).toHaveLength(fault.after ? 1 : 0);
      await expectNoSecondRecord(services);

      // The fault is lifted; the person checks the foreign id, as the message asks.
      await clearFaults(services);
      await unknown.getByRole('link', { name: 'Look up this foreign id' }).click();
      await expect(lookupForm(page).getByLabel('Foreign id', { exact: true })).toHaveValue(foreignId);
      if (fault.after) {
        const found = page.getByTestId('lookup-result');
        await expect(found).toContainText(foreignId);
        await expect(found.getByTestId('tx-type')).toContainText(/exchange/i);
        const [order] = await exchangesFor(services, foreignId);
        await expect(found.getByRole('heading', { name: `Transaction ${order?.id}` })).toBeVisible();
        expect(await attempts(services, 'transactions.lookup', foreignId)).toEqual([expect.objectContaining({ state: 'succeeded', serviceId: String(order?.id) })]);
      } else {
        await expect(page.getByTestId('lookup-not-found')).toBeVisible();
        expect(await attempts(services, 'transactions.lookup', foreignId)).toEqual([expect.objectContaining({ state: 'failed', httpStatus: 404 })]);
      }

      // Back on the quote: what was typed is still there, and so is the exchange to check.
      await openQuote(page);
      await expect(amountField(page)).toHaveValue('0.01');
      await expect(quoteForm(page).getByLabel('From', { exact: true })).toHaveValue('BTC');
      await expect(quoteForm(page).getByLabel('To', { exact: true })).toHaveValue('EUR');
      await expect(page.getByTestId('last-exchange').getByTestId('unknown-foreign-id')).toHaveText(foreignId);

      if (!fault.after) {
        // It was not placed: re-quote (no typing) and place it, under a new foreign id.
        await quoteForm(page).getByRole('button', { name: 'Get quote' }).click();
        await liveQuote(page).getByRole('button', { name: 'Exchange at this rate' }).click();
        const again = reviewDialog(page);
        await expect(again).toContainText(`The outcome of exchange ${foreignId} is still unknown`);
        const second = (await again.getByTestId('review-foreign-id').textContent()) ?? '';
        expect(second).not.toBe(foreignId);
        await confirmButton(again).click();
        await expect(again.getByTestId('order-status')).toHaveText('processing');
        const [order] = await exchangesFor(services, second);
        expect(await attempts(services, 'exchange.place', second)).toEqual([expect.objectContaining({ state: 'succeeded', serviceId: String(order?.id) })]);
        expect(await exchangesFor(services, foreignId)).toHaveLength(0);
        expect(bridge.calls.filter((channel) => channel === 'exchange.place')).toHaveLength(2);
      } else {
        expect(bridge.calls.filter((channel) => channel === 'exchange.place')).toHaveLength(1);
        expect(await exchangesFor(services, foreignId)).toHaveLength(1);
      }
      // The lost try stays in the journal as it was: a person records what became of it (History).
      expect((await attempts(services, 'exchange.place', foreignId)).map((entry) => entry.state)).toEqual(['unknown']);
      await expectNoSecondRecord(services);
    });
  }
});
