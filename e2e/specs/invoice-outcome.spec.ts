import { expect, test } from '../harness/fixtures.ts';
import { historyRows, openHistory } from '../scenarios/history.ts';
import { createInvoice, fillInvoice, field, leaveOutSender, openInvoices, result } from '../scenarios/invoices.ts';
import { lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * What became of an invoice, with no account: paid on the Local sandbox's payment page, its
 * callbacks go to the receiver the app runs for the sandbox, and History shows the payment seen and
 * then confirmed, with its txid, while the screen is open.
 */
test('an invoice paid on the sandbox page shows in History as payment seen, then paid and confirmed, with its txid', async ({ page, context }) => {
  test.setTimeout(90_000); // the sandbox's chain confirms a payment in three 10-second blocks
  await openInvoices(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  await fillInvoice(page);
  await leaveOutSender(page);
  await createInvoice(page);
  const paymentUrl = (await result(page).getByTestId('payment-url').textContent())?.trim() ?? '';

  await openHistory(page);
  const row = historyRows(page).filter({ hasText: foreignId });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('entry-outcome')).toHaveCount(0); // nothing reported yet

  const customer = await context.newPage();
  await customer.goto(paymentUrl);
  await customer.getByLabel('Currency to pay in').selectOption('BTC');
  await customer.getByRole('button', { name: 'Choose currency' }).click();
  await expect(customer.getByLabel('Amount to send, in BTC')).toHaveValue(/^\d+\.\d+$/);
  await customer.getByRole('button', { name: 'Pay' }).click();
  await expect(customer).toHaveURL(/\?paid=\d+$/);
  const transactionId = new URL(customer.url()).searchParams.get('paid') ?? '';
  await customer.close();

  // The History screen, left open, shows the callback within seconds.
  await expect(row.getByTestId('entry-outcome')).toHaveText('Payment seen, waiting for confirmations', { timeout: 15_000 });
  await expect(row.getByTestId('entry-outcome')).toHaveText('Paid and confirmed', { timeout: 60_000 });

  await row.getByRole('button', { name: /details/ }).click();
  const timeline = page.getByTestId('outcome-timeline');
  await expect(timeline).toContainText('Paid and confirmed');
  const steps = timeline.getByTestId('outcome-step');
  await expect(steps.first()).toHaveAttribute('data-status', 'pending');
  await expect(steps.last()).toHaveAttribute('data-status', 'confirmed');
  const txid = (await timeline.locator('.outcome-txid .mono').first().textContent())?.trim() ?? '';
  expect(txid).toMatch(/^[0-9a-f]{64}$/);
  await page.keyboard.press('Escape');

  // The same hash is the payment's on the service.
  await openTransactions(page);
  const found = await lookUpAndWait(page, 'id', transactionId);
  await expect(found).toContainText(txid);
});
