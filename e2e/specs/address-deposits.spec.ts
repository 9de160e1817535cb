import { depositsSummary } from '../../shared/api/outcome-words.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { addressField, addressResult, fillAddress, naturalSender, openAddresses, takeAddress } from '../scenarios/addresses.ts';
import { openDetail, openHistory } from '../scenarios/history.ts';
import { lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * Deposits into a deposit address, with no account: the address taken on the Local sandbox, paid
 * into twice on the sandbox's page (as the customer's wallet would), each payment's deposit
 * callbacks sent to the receiver the app runs for the sandbox; the address's result, left open,
 * lists both deposits with their amounts and txids as they arrive and confirm, History's entry
 * shows them in its timeline, and a lookup of either hash says it belongs to the address.
 */
test('an address paid into twice on the sandbox page shows both deposits with their txids, on the result and in History', async ({
  page,
  context,
  electronApp,
  words,
}) => {
  test.setTimeout(120_000); // the sandbox's chain confirms a payment in three 10-second blocks
  await openAddresses(page);
  await fillAddress(page, { currency: 'BTC', reference: 'cust-deposits' });
  await naturalSender(page);
  const foreignId = await addressField(page, 'Foreign id').inputValue();
  const shown = await takeAddress(page);
  const result = addressResult(page);
  const deposits = result.getByTestId('address-deposits');
  await expect(deposits.getByTestId('address-deposits-none')).toHaveText(/No deposit reported yet/);

  // The way in for a person: the sandbox page, opened by main in the browser.
  const sandboxPage = (await deposits.getByTestId('address-sandbox-url').textContent())?.trim() ?? '';
  expect(sandboxPage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/deposit\/[A-Za-z0-9]+$/);
  await deposits.getByRole('button', { name: 'Open the sandbox page' }).click();
  await expect(page.getByTestId('announcer')).toHaveText('Opened the sandbox page in your browser');
  expect(electronApp.standin.desktop.openedExternally).toEqual([sandboxPage]);

  const customer = await context.newPage();
  await customer.goto(sandboxPage);
  await expect(customer.locator('#address')).toHaveText(shown);
  const paidIds: string[] = [];
  for (const amount of ['0.01', '0.02']) {
    await customer.getByLabel('Amount to send, in BTC').fill(amount);
    await customer.getByRole('button', { name: 'Pay' }).click();
    await expect(customer).toHaveURL(/\?paid=\d+$/);
    paidIds.push(new URL(customer.url()).searchParams.get('paid') ?? '');
  }
  await expect(customer.locator('#deposits tbody tr')).toHaveCount(2);
  await customer.close();

  // The result, left open, lists both as the callbacks arrive, then confirmed.
  const listed = deposits.getByTestId('deposit');
  await expect(listed).toHaveCount(2, { timeout: 15_000 });
  await expect(listed.nth(0).getByTestId('deposit-amount')).toHaveText('0.01 BTC');
  await expect(listed.nth(1).getByTestId('deposit-amount')).toHaveText('0.02 BTC');
  await expect(listed.nth(0)).toHaveAttribute('data-transaction', paidIds[0] ?? 'missing');
  const txids = await Promise.all([0, 1].map(async (i) => (await listed.nth(i).getByTestId('deposit-txid').textContent())?.trim() ?? ''));
  for (const txid of txids) expect(txid).toMatch(/^[0-9a-f]{64}$/);
  expect(txids[0]).not.toBe(txids[1]);
  await expect(deposits.getByTestId('address-deposits-summary')).toHaveText(words.rule(depositsSummary(['confirmed', 'confirmed'])), { timeout: 60_000 });
  await expect(listed.nth(0).getByTestId('deposit-status')).toHaveText(words('outcomes.confirmed'));
  await deposits.scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, 'address-deposits');

  // History: the address's entry shows both deposits, and every callback with its amount.
  await openHistory(page);
  const entry = await openDetail(page, foreignId);
  const timeline = entry.getByTestId('outcome-timeline');
  await expect(timeline.getByTestId('entry-outcome')).toHaveText(words.rule(depositsSummary(['confirmed', 'confirmed'])));
  for (const txid of txids) await expect(timeline.getByTestId('deposit-list')).toContainText(txid);
  await expect(timeline.getByTestId('outcome-step')).toHaveCount(4);
  await expect(timeline.getByTestId('outcome-step').first()).toContainText('0.01 BTC');
  await page.keyboard.press('Escape');

  // A lookup of the second hash: the service's callback says it belongs to the address.
  await openTransactions(page);
  const found = await lookUpAndWait(page, 'txid', txids[1] ?? '');
  const owner = found.getByTestId('payment-owner');
  await expect(owner).toContainText('deposit address');
  await expect(owner).toContainText(foreignId);
  await expect(owner).toContainText('as the service’s callback says');
});
