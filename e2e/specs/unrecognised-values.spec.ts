import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { ODD, plantOddValues, removeOddValues } from '../scenarios/odd-transaction.ts';
import { exampleTransaction, lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/*
 * The service names statuses, types, entry kinds and fee types from lists it grows without notice.
 * A value the console does not know is shown as received and flagged; the rest of the answer shows
 * as it would without it.
 */

test.afterEach(async ({ services }) => {
  await removeOddValues(services);
});

test('a transaction with an unknown status, type, entry kind and fee type shows every fact, the unknown ones flagged as received', async ({ page, services }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  await plantOddValues(services);
  await openTransactions(page);
  const result = await lookUpAndWait(page, 'id', String(deposit.id));

  await expect(result.getByRole('heading', { name: `Transaction ${deposit.id}` })).toBeVisible();
  await expect(result.getByTestId('tx-status')).toHaveText(ODD.status);
  await expect(result.getByTestId('tx-status-meaning')).toContainText(`unrecognised status: ${ODD.status}`);
  await expect(result.getByTestId('tx-type')).toContainText(`unrecognised type: ${ODD.type}`);
  await expect(page.getByTestId('announcer')).toContainText(`Transaction ${deposit.id}: unrecognised status: ${ODD.status}`);

  // Everything else, as for the same deposit with known values.
  await expect(result.getByTestId('amount-sent')).toHaveText('0.00300000 BTC');
  await expect(result.getByTestId('amount-received')).toHaveText('0.00300000 BTC');
  await expect(result.getByTestId('amount-minus-fee')).toHaveText('0.00295000 BTC');
  await expect(result.getByTestId('address')).toContainText(/bc1q/);

  const fees = result.getByRole('table', { name: 'Fees' });
  await expect(fees.getByRole('row')).toHaveCount(4);
  await expect(fees.getByRole('row').nth(1)).toContainText('Network (mining) fee');
  await expect(fees.getByRole('row').nth(1)).toContainText('0.00002000');
  await expect(fees.getByRole('row').nth(3)).toContainText(`unrecognised fee type: ${ODD.feeType}`);
  await expect(fees.getByRole('row').nth(3)).toContainText('0.00001000');

  const entry = result.getByTestId('entry-unrecognised');
  await expect(entry).toContainText(`unrecognised entry kind: ${ODD.entryKind}`);
  await expect(entry).toContainText(`unrecognised type: ${ODD.entryType}`);
  await expect(entry).toContainText('0.00300000 BTC');
  await expect(entry.getByTestId('txid')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(entry.getByTestId('entry-confirmations')).toContainText('9');
  await expect(result).not.toContainText('cannot read');
  await screenshotBothThemes(page, 'transaction-unrecognised-values');
});
