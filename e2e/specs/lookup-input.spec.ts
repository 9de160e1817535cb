import { EXAMPLE_FOREIGN_IDS } from '../../electron/sandbox/index.ts';
import { expect, test } from '../harness/fixtures.ts';
import { exampleTransaction, lookUp, lookUpAndWait, lookupField, lookupForm, openTransactions } from '../scenarios/transactions.ts';

/*
 * How the lookup reads what a person enters: a hex hash in whatever case the wallet shows it, and a
 * foreign id, which finds the withdrawals and the exchanges the merchant placed.
 */

test.beforeEach(async ({ page }) => {
  await openTransactions(page);
});

test('a hash pasted in upper case finds the same transaction as in lower case, and the field says it is read so', async ({ page, services }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  const hash = deposit.txids[0] ?? '';
  expect(hash).toMatch(/^[0-9a-f]{64}$/);

  const result = await lookUpAndWait(page, 'txid', `  ${hash.toUpperCase()}\n`);
  await expect(result.getByRole('heading', { name: `Transaction ${deposit.id}` })).toBeVisible();
  await expect(result.getByTestId('found-by-hash')).toContainText(hash);
  await expect(result.getByTestId('found-by-hash')).toContainText('held by entry');
  await expect(lookupField(page, 'txid')).toHaveAccessibleDescription(/in lower case/);

  // A hash that is not 64 hex digits is sent as typed: its case may matter on other chains.
  await lookUp(page, 'txid', 'ABCdef');
  await expect(page.getByTestId('lookup-not-found')).toContainText('No transaction with hash “ABCdef” was found');
});

test('a foreign id finds an exchange too, and the form says withdrawals and exchanges', async ({ page }) => {
  const form = lookupForm(page);
  await expect(form).not.toContainText('withdrawals only');
  await expect(form.getByRole('radio', { name: 'Foreign id (withdrawals and exchanges)' })).toBeVisible();
  await expect(form).toContainText('finds the withdrawals and exchanges you placed');

  const result = await lookUpAndWait(page, 'foreign_id', EXAMPLE_FOREIGN_IDS.exchangeConfirmed);
  await expect(result.getByTestId('tx-type')).toContainText('Exchange');

  await lookUp(page, 'foreign_id', 'example-address-1');
  const notFound = page.getByTestId('lookup-not-found');
  await expect(notFound).toContainText('A foreign id finds withdrawals and exchanges, not deposits');
});
