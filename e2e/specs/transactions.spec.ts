import { COPY_ASKED_AND_GRANTED, readClipboard } from '../harness/clipboard.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { confirmButton, openQuote, openReview } from '../scenarios/quote.ts';
import { openHistory, historyRows, searchText, show } from '../scenarios/history.ts';
import { startOlderService } from '../scenarios/older-service.ts';
import { addProfile, openScreen } from '../scenarios/profiles.ts';
import {
  addSandboxMerchant,
  clearSandboxFaults,
  entrySection,
  exampleTransaction,
  fillLookup,
  lookUp,
  lookUpAndWait,
  lookupField,
  lookupForm,
  openTransactions,
  setSandboxFault,
} from '../scenarios/transactions.ts';

/*
 * The sandbox preloads example transactions of every type and status for each merchant
 * (electron/sandbox/model/examples.ts); the tests find their ids through GET /sandbox/state.
 */

test.beforeEach(async ({ page }, testInfo) => {
  // The exchange-flow test starts on the Live quote screen instead.
  if (!testInfo.title.includes('Look up this transaction')) await openTransactions(page);
});

test('a deposit looked up by id shows its status, amounts, fees and on-chain entry', async ({ page, services, browser, electronApp }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  const result = await lookUpAndWait(page, 'id', String(deposit.id));

  await expect(result.getByRole('heading', { name: `Transaction ${deposit.id}` })).toBeVisible();
  await expect(result.getByTestId('tx-status')).toHaveText('Confirmed');
  await expect(result.getByTestId('tx-status-meaning')).toContainText('Completed. This is final.');
  await expect(result.getByTestId('tx-type')).toContainText('Deposit');
  await expect(result.getByTestId('amount-sent')).toHaveText('0.00300000 BTC');
  await expect(result.getByTestId('amount-received')).toHaveText('0.00300000 BTC');
  await expect(result.getByTestId('amount-minus-fee')).toHaveText('0.00295000 BTC');
  await expect(result.getByTestId('looked-up-at')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  await screenshotBothThemes(page, 'transaction-lookup');

  const fees = result.getByRole('table', { name: 'Fees' });
  await expect(fees.getByRole('row')).toHaveCount(3);
  await expect(fees.getByRole('row').nth(1)).toContainText('mining');
  await expect(fees.getByRole('row').nth(1)).toContainText('0.00002000');
  await expect(fees.getByRole('row').nth(2)).toContainText('fee_crypto_deposit_wallet_client');
  await expect(fees.getByRole('row').nth(2)).toContainText('0.00003000');

  const entry = entrySection(page, 'blockchain');
  await expect(entry).toContainText('On-chain transfer');
  const txid = entry.getByTestId('txid');
  await expect(txid).toHaveText(/^[0-9a-f]{64}$/);
  await expect(entry.getByTestId('entry-riskscore')).toContainText('0.1');
  await expect(entry.getByTestId('entry-confirmations')).toContainText('9');
  await expect(entry.getByTestId('entry-txid')).not.toContainText('looks wrong');

  await entry.getByRole('button', { name: 'Copy txid' }).click();
  await expect(page.getByTestId('announcer')).toHaveText('Copied txid');
  expect(electronApp.standin.permissionRequests).toEqual([COPY_ASKED_AND_GRANTED]);
  expect(await readClipboard(browser)).toBe(await txid.innerText());

  await expect(result.getByTestId('address')).toContainText(/bc1q/);
  await expect(result.getByRole('button', { name: 'Copy address', exact: true })).toBeVisible();
  await expect(result.getByTestId('address-tag')).toHaveText(/none/);
  await expect(result.getByRole('region', { name: 'Additional details' })).toContainText('bitcoin');
});

test('a withdrawal looked up by its foreign id, held by the service', async ({ page }) => {
  const result = await lookUpAndWait(page, 'foreign_id', '164');
  await expect(result.getByTestId('tx-status')).toHaveText('Pending');
  await expect(result.getByTestId('tx-status-meaning')).toContainText('Held by the service, for example under withdrawal limits');
  await expect(result.getByTestId('tx-type')).toContainText('Withdrawal');
  await expect(result.getByText('164', { exact: true })).toBeVisible();
  await expect(result.getByTestId('amount-sent')).toHaveText('381.00000000 USDTTRC20');
  const entry = entrySection(page, 'blockchain');
  await expect(entry.getByTestId('entry-txid')).toContainText('none yet');
  await expect(entry.getByTestId('entry-confirmations')).toContainText('0');
});

test('a withdrawal with exchange shows its exchange entry, type as the service spells it', async ({ page }) => {
  const result = await lookUpAndWait(page, 'foreign_id', 'example-withdrawal-exchange-declined');
  await expect(result.getByTestId('tx-status')).toHaveText('Declined');
  await expect(result.getByTestId('tx-type')).toContainText('Withdrawal with exchange');
  await expect(result.getByTestId('tx-type')).toContainText('withrawal_exchange');
  const exchange = entrySection(page, 'exchange');
  await expect(exchange).toContainText('500.00 EUR');
  await expect(exchange.getByTestId('entry-amount-to')).toHaveText('0.00712345 BTC');
  const internal = entrySection(page, 'internal');
  await expect(internal).toContainText('Internal transfer');
  await expect(internal.getByTestId('txid')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(internal.getByTestId('entry-riskscore')).toHaveCount(0);
  await expect(result.getByRole('region', { name: 'Fees' })).toContainText('No fees.');
});

test('an exchange keeps every digit, and the raw answer is shown exactly as received', async ({ page, services }) => {
  const exchange = await exampleTransaction(services, (t) => t.foreign_id === 'example-exchange-not-confirmed');
  const result = await lookUpAndWait(page, 'id', String(exchange.id));
  await expect(result.getByTestId('tx-status')).toHaveText('Not confirmed');
  await expect(result.getByTestId('tx-status-meaning')).toContainText('processed or verified');
  await expect(result.getByTestId('amount-sent')).toHaveText('12,345,678.12345678 USDTERC20');
  await expect(entrySection(page, 'exchange').getByTestId('entry-amount-to')).toHaveText('11,356,789.01 EUR');

  const raw = page.getByTestId('raw-json');
  await expect(raw).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Show raw JSON' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(raw).toBeVisible();
  const answer = await services.router.handle('transactions.lookup', { id: exchange.id });
  if (!answer.ok) throw new Error(answer.error.message);
  expect(await raw.textContent()).toBe((answer.value as { raw: string }).raw);
  // A JSON number stays a number, digit for digit.
  await expect(raw).toContainText('"amount":12345678.12345678');
  await page.getByRole('button', { name: 'Hide raw JSON' }).click();
  await expect(raw).toBeHidden();
});

test('a cancelled withdrawal shows the service’s error message and its tag', async ({ page }) => {
  const result = await lookUpAndWait(page, 'foreign_id', 'example-withdrawal-cancelled');
  await expect(result.getByTestId('tx-status')).toHaveText('Cancelled');
  await expect(result.getByTestId('tx-status-meaning')).toContainText('Failed with an error or was rejected');
  await expect(result.getByTestId('tx-error')).toContainText('Insufficient funds on the balance for this withdrawal.');
  await expect(result.getByTestId('address-tag')).toHaveText(/\d+/);
  await expect(result.getByRole('button', { name: 'Copy tag' })).toBeVisible();
  await expect(result.getByTestId('amount-sent')).toContainText('not given');
});

test('every rule of the form says what is wrong next to the field, and nothing is sent', async ({ page, bridge }) => {
  const form = lookupForm(page);
  await expect(form).toContainText('finds the withdrawals and exchanges you placed');
  await expect(form).toContainText('Deposits need the service');
  const cases: [string, string][] = [
    ['abc', 'An id is a whole number, such as 1042'],
    ['12.5', 'Enter a whole number'],
    ['0', 'An id is 1 or more'],
    ['-4', 'An id is 1 or more'],
    ['2147483648', 'An id fits in 32 bits'],
  ];
  for (const [value, message] of cases) {
    const field = await fillLookup(page, 'id', value);
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription(new RegExp(message));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  const id = await fillLookup(page, 'id', '');
  await id.press('Enter');
  await expect(id).toHaveAccessibleDescription(/Enter a transaction id/);
  await expect(id).toBeFocused();

  const foreignId = await fillLookup(page, 'foreign_id', 'x'.repeat(256));
  await foreignId.blur(); // errors show when the field is left
  await expect(foreignId).toHaveAccessibleDescription(/A foreign id is at most 255 characters/);
  await foreignId.fill('   ');
  await foreignId.press('Enter');
  await expect(foreignId).toHaveAccessibleDescription(/Enter a foreign id/);
  expect(bridge.calls).not.toContain('transactions.lookup');

  // A field error from the service lands next to the field too.
  bridge.failNext('transactions.lookup', { kind: 'validation', message: 'The service refused the request.', fields: { foreign_id: 'The foreign id must be a string.' } });
  await lookUp(page, 'foreign_id', 'w-1');
  await expect(lookupForm(page).getByLabel('Foreign id', { exact: true })).toHaveAccessibleDescription(/The foreign id must be a string\./);
});

test('not found is explained, for an id and for a deposit sought by foreign id', async ({ page }) => {
  await lookUp(page, 'id', '999999');
  const notFound = page.getByTestId('lookup-not-found');
  await expect(notFound).toContainText('No transaction with id 999999 was found for this profile.');
  await expect(notFound).toContainText('only the transactions made with its own API key');
  await expect(page.getByRole('alert').filter({ hasText: 'No transaction with id 999999' })).toBeVisible();

  // The address's foreign id of a deposit does not find it: foreign ids find withdrawals and exchanges.
  await lookUp(page, 'foreign_id', 'example-address-1');
  await expect(notFound).toContainText('No transaction with foreign id “example-address-1” was found');
  await expect(notFound).toContainText('A foreign id finds withdrawals and exchanges, not deposits');
});

test('another merchant’s transaction is not found', async ({ page, services }) => {
  await addSandboxMerchant(services, 'other-merchant-key', 'other-merchant-secret');
  const theirs = await exampleTransaction(services, (t) => t.type === 'deposit', 'other-merchant-key');
  expect(theirs.merchant_key).toBe('other-merchant-key');
  await lookUp(page, 'id', String(theirs.id));
  await expect(page.getByTestId('lookup-not-found')).toContainText(`No transaction with id ${theirs.id} was found for this profile.`);
});

test('a network failure and a service error are explained, and Try again recovers', async ({ page, services, bridge }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  await setSandboxFault(services, 'transactions/info', 'reset');
  await lookUp(page, 'id', String(deposit.id));
  const failed = page.getByTestId('lookup-error');
  await expect(failed).toContainText('The service could not be reached, so nothing was looked up.');
  await expect(failed).toContainText('Could not talk to the service');
  await clearSandboxFaults(services);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('lookup-result')).toBeVisible();
  await expect(failed).toBeHidden();

  bridge.failNext('transactions.lookup', { kind: 'service', status: 500, message: 'The service failed to answer (HTTP 500). Try again later.' });
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(failed).toContainText('The service failed while looking this up.');
  await expect(failed).toContainText('HTTP 500');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('lookup-result')).toContainText(`Transaction ${deposit.id}`);
});

test('an exchange order’s “Look up this transaction” runs the lookup on arrival', async ({ page, bridge }) => {
  await openQuote(page);
  const dialog = await openReview(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  await confirmButton(dialog).click();
  const placed = dialog.getByTestId('exchange-result');
  await expect(placed).toBeVisible();
  const orderId = (await placed.getByTestId('order-id').textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^\d+$/);
  const lookupsBefore = bridge.calls.filter((c) => c === 'transactions.lookup').length;

  await placed.getByRole('link', { name: 'Look up this transaction' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  // The form shows what was looked up, and the answer arrives without pressing anything.
  await expect(lookupForm(page).getByRole('radio', { name: 'Transaction id' })).toBeChecked();
  await expect(lookupForm(page).getByLabel('Id', { exact: true })).toHaveValue(orderId);
  const result = page.getByTestId('lookup-result');
  await expect(result.getByRole('heading', { name: `Transaction ${orderId}` })).toBeVisible();
  await expect(result.getByTestId('tx-type')).toContainText('Exchange');
  expect(bridge.calls.filter((c) => c === 'transactions.lookup').length).toBe(lookupsBefore + 1);

  // It ran once: leaving and coming back does not look it up again.
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible();
  await openTransactions(page);
  await expect(lookupForm(page).getByLabel('Id', { exact: true })).toHaveValue('');
  expect(bridge.calls.filter((c) => c === 'transactions.lookup').length).toBe(lookupsBefore + 1);
});

// Lookup by the customer's transaction hash (docs/service-interface.md, "transactions/info by txid").

test('a deposit looked up by its hash shows the transaction, the hash it was found by and the entry that holds it', async ({ page, services, bridge }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed' && t.txids.length === 1);
  const hash = deposit.txids[0] ?? '';
  // Pasted from a wallet with spaces around it: trimmed, then sent as the one parameter.
  const result = await lookUpAndWait(page, 'txid', ` ${hash} `);
  await expect(result.getByRole('heading', { name: `Transaction ${deposit.id}` })).toBeVisible();
  await expect(result.getByTestId('tx-status')).toHaveText('Confirmed');
  await expect(result.getByTestId('found-by-hash')).toContainText(hash);
  await expect(result.getByTestId('found-by-hash')).toContainText('held by entry');
  const held = page.locator('[data-asked-hash="true"]');
  await expect(held).toHaveCount(1);
  await expect(held.getByTestId('txid')).toHaveText(hash);
  await expect(held).toContainText('the hash looked up');
  await screenshotBothThemes(page, 'transaction-lookup-by-hash');
  expect(bridge.calls.filter((c) => c === 'transactions.lookup')).toHaveLength(1);

  // The journal keeps the hash: History finds the lookup by it.
  await openHistory(page);
  await show(page, 'Lookups and reads');
  await searchText(page, hash);
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText(String(deposit.id));
});

test('every rule of the hash field says what is wrong next to it, and nothing is sent', async ({ page, bridge }) => {
  const cases: [string, RegExp][] = [
    ['   ', /Enter the transaction hash/],
    ['3950ad81 49421a85', /one word of letters and digits, without spaces/],
    ['hash\u00e9', /one word of letters and digits, without spaces/],
    ['f'.repeat(256), /A transaction hash is at most 255 characters/],
  ];
  for (const [value, message] of cases) {
    const field = await fillLookup(page, 'txid', value);
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription(message);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
  }
  expect(bridge.calls).not.toContain('transactions.lookup');
  // Choosing another way to look up clears the message; choosing the hash again keeps the field's rules.
  await lookupForm(page).getByRole('radio', { name: 'Transaction id' }).check();
  await expect(lookupField(page, 'id')).not.toHaveAttribute('aria-invalid');

  // A refusal of the hash's value by the service lands next to the field, in its words.
  bridge.failNext('transactions.lookup', { kind: 'validation', message: 'The service refused the request.', fields: { txid: 'The txid format is invalid.' } });
  await lookUp(page, 'txid', 'ab12');
  await expect(lookupField(page, 'txid')).toHaveAccessibleDescription(/The txid format is invalid\./);
});

test('a hash no transaction of this merchant holds is not found, another merchant’s included', async ({ page, services }) => {
  const unknown = 'a'.repeat(64);
  await lookUp(page, 'txid', unknown);
  const notFound = page.getByTestId('lookup-not-found');
  await expect(notFound).toContainText(`No transaction with hash “${unknown}” was found for this profile.`);
  await expect(notFound).toContainText('The hash is the one the chain gives the payment');

  await addSandboxMerchant(services, 'other-merchant-key', 'other-merchant-secret');
  const theirs = await exampleTransaction(services, (t) => t.type === 'deposit' && t.txids.length > 0, 'other-merchant-key');
  await lookUp(page, 'txid', theirs.txids[0] ?? '');
  await expect(notFound).toContainText(`No transaction with hash “${theirs.txids[0] ?? ''}” was found for this profile.`);
});

test('by hash, a network failure and a service error are explained, and Try again recovers', async ({ page, services }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.txids.length > 0);
  const hash = deposit.txids[0] ?? '';
  await setSandboxFault(services, 'transactions/info', 'reset');
  await lookUp(page, 'txid', hash);
  const failed = page.getByTestId('lookup-error');
  await expect(failed).toContainText('The service could not be reached, so nothing was looked up.');
  await setSandboxFault(services, 'transactions/info', 'status-500');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toContainText('The service failed while looking this up.');
  await expect(failed).toContainText('HTTP 500');
  await clearSandboxFaults(services);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('lookup-result')).toContainText(`Transaction ${deposit.id}`);
});

test('a service that does not take a hash is explained: look it up in the back office', async ({ page }) => {
  const older = await startOlderService();
  try {
    await openScreen(page, 'Profiles');
    await addProfile(page, { name: 'Older service', baseUrl: older.baseUrl, apiKey: 'older-key-0001', secret: 'older-secret' });
    await page.getByLabel('Profile', { exact: true }).selectOption({ label: 'Older service (LIVE)' });
    await openTransactions(page);
    const hash = 'b'.repeat(64);
    await lookUp(page, 'txid', hash);
    const refused = page.getByTestId('lookup-unsupported');
    await expect(refused).toContainText('This service does not support lookup by hash; look it up in the back office.');
    await expect(refused.getByTestId('unsupported-txid')).toHaveText(hash);
    await expect(refused.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    // It was asked, signed, with the hash as the one parameter, and it refused the parameter.
    expect(older.received.map((r) => [r.path, r.body])).toEqual([['/api/v2/transactions/info', `{"txid":"${hash}"}`]]);
    expect(older.received[0]?.headers['x-processing-key']).toBe('older-key-0001');
  } finally {
    await older.close();
  }
});
