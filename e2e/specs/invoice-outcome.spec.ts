import { expect, test } from '../harness/fixtures.ts';
import { historyRows, openHistory } from '../scenarios/history.ts';
import { createInvoice, fillInvoice, field, leaveOutSender, openInvoices, payOnPaymentPage, result } from '../scenarios/invoices.ts';
import { payInvoice } from '../scenarios/sandbox.ts';
import { lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * What became of an invoice, with no account: paid on the Local sandbox's payment page, its
 * callbacks go to the receiver the app runs for the sandbox, and History shows the payment seen and
 * then confirmed, with its txid, while the screen is open.
 */
test('an invoice paid on the sandbox page shows in History as payment seen, then paid and confirmed, with its txid', async ({ page, context, words }) => {
  test.setTimeout(90_000); // the sandbox's chain confirms a payment in three 10-second blocks
  await openInvoices(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  await fillInvoice(page);
  await leaveOutSender(page);
  const invoiceId = await createInvoice(page);
  const paymentUrl = (await result(page).getByTestId('payment-url').textContent())?.trim() ?? '';

  await openHistory(page);
  const row = historyRows(page).filter({ hasText: foreignId });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('entry-outcome')).toHaveCount(0); // nothing reported yet
  await expect(row.getByTestId('entry-record')).toHaveText(words('outcomes.invoice.created')); // what the journal recorded

  const transactionId = await payOnPaymentPage(context, paymentUrl);

  // The History screen, left open, shows the callback within seconds.
  await expect(row.getByTestId('entry-outcome')).toHaveText(words('outcomes.invoice.pending'), { timeout: 15_000 });
  await expect(row.getByTestId('entry-outcome')).toHaveText(words('outcomes.invoice.confirmed'), { timeout: 60_000 });

  await row.getByRole('button', { name: /details/ }).click();
  const timeline = page.getByTestId('outcome-timeline');
  await expect(timeline).toContainText(words('outcomes.invoice.confirmed'));
  const steps = timeline.getByTestId('outcome-step');
  await expect(steps.first()).toHaveAttribute('data-status', 'pending');
  await expect(steps.last()).toHaveAttribute('data-status', 'confirmed');
  const txid = (await timeline.locator('.outcome-txid .mono').first().textContent())?.trim() ?? '';
  expect(txid).toMatch(/^[0-9a-f]{64}$/);
  await page.keyboard.press('Escape');

  // The same hash is the payment's on the service, and the lookup says, in the service's word, whose it is.
  await openTransactions(page);
  const found = await lookUpAndWait(page, 'id', transactionId);
  await expect(found).toContainText(txid);
  const owner = found.getByTestId('payment-owner');
  await expect(owner).toContainText(`invoice ${invoiceId}`);
  await expect(owner).toContainText(foreignId);
  await expect(owner).toContainText('as the service’s callback says');
});

test('an invoice the service reports failed is listed above every screen once, until someone marks it seen', async ({ page, services, bridge, words }) => {
  await openInvoices(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  await fillInvoice(page);
  await page.getByRole('radio', { name: /Fill or kill/ }).check();
  await leaveOutSender(page);
  const invoiceId = await createInvoice(page);
  // The customer pays too little in BTC: a fill-or-kill invoice fails at once.
  const sandbox = await services.sandbox.ensure();
  sandbox.chooseInvoiceCurrency(Number(invoiceId), 'BTC');
  await payInvoice(services, Number(invoiceId), { amount: '0.00001', currency: 'BTC' });

  const banner = page.getByTestId('failed-invoices');
  const listed = banner.getByTestId('failed-invoice').filter({ hasText: invoiceId });
  await expect(listed).toContainText(foreignId, { timeout: 15_000 });
  // The service's reason as it sent it, in the window's words around it.
  await expect(listed).toContainText(words('outcomes.invoice.failedBecause', { reason: 'User paid less than requested.' }));
  await expect(listed).toContainText(/left to pay/);
  // The banner stays while the person moves between screens.
  await openTransactions(page);
  await expect(listed).toBeVisible();

  await listed.getByRole('button', { name: `Mark seen: invoice ${invoiceId}` }).click();
  await expect(banner).toHaveCount(0);
  // Seen is kept by main: a reloaded window asks again and lists nothing.
  const asked = () => bridge.calls.filter((channel) => channel === 'outcomes.attention').length;
  const before = asked();
  await page.reload();
  await expect(page.getByTestId('active-profile')).toBeVisible();
  await expect.poll(asked).toBeGreaterThan(before);
  await expect(page.getByTestId('failed-invoices')).toHaveCount(0);
});
