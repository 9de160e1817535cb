import { expect, test } from '../harness/fixtures.ts';
import { createInvoice, fillInvoice, leaveOutSender, openInvoices, result } from '../scenarios/invoices.ts';
import { entrySection, lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * The whole payment journey: an invoice created in the UI is paid on the sandbox's own payment page (a
 * second tab, as the customer would), then found by id in the lookup screen with its blockchain entry.
 */
test('an invoice created in the console, paid on the payment page, is found by id with its on-chain entry', async ({ page, context }) => {
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  await createInvoice(page);
  const paymentUrl = (await result(page).getByTestId('payment-url').textContent())?.trim() ?? '';
  expect(paymentUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/\w+$/);

  // The customer's side: choose a currency (which fixes the rate), then pay the exact amount shown.
  const customer = await context.newPage();
  await customer.goto(paymentUrl);
  await customer.getByLabel('Currency to pay in').selectOption('BTC');
  await customer.getByRole('button', { name: 'Choose currency' }).click();
  const amount = customer.getByLabel('Amount to send, in BTC');
  await expect(amount).toHaveValue(/^\d+\.\d+$/);
  await customer.getByRole('button', { name: 'Pay' }).click();
  await expect(customer).toHaveURL(/\?paid=\d+$/);
  const transactionId = new URL(customer.url()).searchParams.get('paid') ?? '';
  await customer.close();

  // Back in the console: the deposit is found by its id, with the on-chain transfer.
  await openTransactions(page);
  const found = await lookUpAndWait(page, 'id', transactionId);
  await expect(found).toContainText(transactionId);
  await expect(found).toContainText(/deposit/i);
  const onChain = entrySection(page, 'blockchain');
  await expect(onChain).toBeVisible();
  await expect(onChain).toContainText(/[0-9a-f]{64}/);
  await expect(onChain.getByRole('button', { name: /Copy/ }).first()).toBeVisible();
});
