import { COPY_ASKED_AND_GRANTED, readClipboard } from '../harness/clipboard.ts';
import { expect, test } from '../harness/fixtures.ts';
import { escapeRegExp } from '../harness/words.ts';
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
  lookupChoice,
  lookupField,
  lookupForm,
  openTransactions,
  setSandboxFault,
} from '../scenarios/transactions.ts';

/*
 * The sandbox preloads example transactions of every type and status for each merchant
 * (electron/sandbox/model/examples.ts); the tests find their ids through GET /sandbox/state.
 *
 * Runs on an English desktop and again on a German one (playwright.config.ts): the lookup's words come
 * through `words`, in the run's language. Still in English, so literal here: the form rules' messages
 * of shared/api, the platform's network errors, the service's own messages, amounts and times (the
 * shared Amount and DateTime), History, and the Profiles screen.
 */

test.beforeEach(async ({ page }, testInfo) => {
  // The exchange-flow test starts on the Live quote screen instead.
  if (!testInfo.title.includes('Look up this transaction')) await openTransactions(page);
});

test('a deposit looked up by id shows its status, amounts, fees and on-chain entry', async ({ page, services, browser, electronApp, words }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  const result = await lookUpAndWait(page, 'id', String(deposit.id));

  await expect(result.getByRole('heading', { name: words('transactions.result.title', { id: deposit.id }) })).toBeVisible();
  await expect(result.getByTestId('tx-status')).toHaveText(words('words.status.confirmed.label'));
  await expect(result.getByTestId('tx-status-meaning')).toContainText(words('words.status.confirmed.meaning'));
  await expect(result.getByTestId('tx-type')).toContainText(words('words.type.deposit'));
  await expect(result.getByTestId('amount-sent')).toHaveText(`${words.written('0.00300000', 8)} BTC`);
  await expect(result.getByTestId('amount-received')).toHaveText(`${words.written('0.00300000', 8)} BTC`);
  await expect(result.getByTestId('amount-minus-fee')).toHaveText(`${words.written('0.00295000', 8)} BTC`);
  await expect(result.getByTestId('looked-up-at')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  await screenshotBothThemes(page, 'transaction-lookup');

  const fees = result.getByRole('table', { name: words('transactions.fees.title') });
  await expect(fees.getByRole('row')).toHaveCount(3);
  await expect(fees.getByRole('row').nth(1)).toContainText('mining');
  await expect(fees.getByRole('row').nth(1)).toContainText(words.written('0.00002000', 8));
  await expect(fees.getByRole('row').nth(2)).toContainText('fee_crypto_deposit_wallet_client');
  await expect(fees.getByRole('row').nth(2)).toContainText(words.written('0.00003000', 8));

  const entry = entrySection(page, 'blockchain');
  await expect(entry).toContainText(words('words.entry.blockchain'));
  const txid = entry.getByTestId('txid');
  await expect(txid).toHaveText(/^[0-9a-f]{64}$/);
  await expect(entry.getByTestId('entry-riskscore')).toContainText('0.1');
  await expect(entry.getByTestId('entry-confirmations')).toContainText('9');
  await expect(entry.getByTestId('entry-txid')).not.toContainText(words('words.txid.notAHash'));
  await expect(entry.getByTestId('entry-txid')).not.toContainText(words('words.txid.sentAsNumber'));

  const txidWhat = words('transactions.entry.txidWhat');
  await entry.getByRole('button', { name: words('common.copyLabel', { what: txidWhat }) }).click();
  await expect(page.getByTestId('announcer')).toHaveText(words('common.copiedAnnounce', { what: txidWhat }));
  expect(electronApp.standin.permissionRequests).toEqual([COPY_ASKED_AND_GRANTED]);
  expect(await readClipboard(browser)).toBe(await txid.innerText());

  await expect(result.getByTestId('address')).toContainText(/bc1q/);
  await expect(result.getByRole('button', { name: words('common.copyLabel', { what: words('transactions.address.addressWhat') }), exact: true })).toBeVisible();
  await expect(result.getByTestId('address-tag')).toHaveText(words.within('transactions.none'));
  await expect(result.getByRole('region', { name: words('transactions.details.title') })).toContainText('bitcoin');
});

test('a withdrawal looked up by its foreign id, held by the service', async ({ page, words }) => {
  const result = await lookUpAndWait(page, 'foreign_id', '164');
  await expect(result.getByTestId('tx-status')).toHaveText(words('words.status.pending.label'));
  await expect(result.getByTestId('tx-status-meaning')).toContainText(words('words.status.pending.meaning'));
  await expect(result.getByTestId('tx-type')).toContainText(words('words.type.withdrawal'));
  await expect(result.getByText('164', { exact: true })).toBeVisible();
  await expect(result.getByTestId('amount-sent')).toHaveText(`${words.written('381.00000000', 8)} USDTTRC20`);
  const entry = entrySection(page, 'blockchain');
  await expect(entry.getByTestId('entry-txid')).toContainText(words('transactions.noneYet'));
  await expect(entry.getByTestId('entry-confirmations')).toContainText('0');
});

test('a withdrawal with exchange shows its exchange entry, type as the service spells it', async ({ page, words }) => {
  const result = await lookUpAndWait(page, 'foreign_id', 'example-withdrawal-exchange-declined');
  await expect(result.getByTestId('tx-status')).toHaveText(words('words.status.declined.label'));
  await expect(result.getByTestId('tx-type')).toContainText(words('words.type.withrawal_exchange'));
  await expect(result.getByTestId('tx-type')).toContainText('withrawal_exchange');
  const exchange = entrySection(page, 'exchange');
  await expect(exchange).toContainText(`${words.written('500.00', 2)} EUR`);
  await expect(exchange.getByTestId('entry-amount-to')).toHaveText(`${words.written('0.00712345', 8)} BTC`);
  const internal = entrySection(page, 'internal');
  await expect(internal).toContainText(words('words.entry.internal'));
  await expect(internal.getByTestId('txid')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(internal.getByTestId('entry-riskscore')).toHaveCount(0);
  await expect(result.getByRole('region', { name: words('transactions.fees.title') })).toContainText(words('transactions.fees.none'));
});

test('an exchange keeps every digit, and the raw answer is shown exactly as received', async ({ page, services, words }) => {
  const exchange = await exampleTransaction(services, (t) => t.foreign_id === 'example-exchange-not-confirmed');
  const result = await lookUpAndWait(page, 'id', String(exchange.id));
  await expect(result.getByTestId('tx-status')).toHaveText(words('words.status.not_confirmed.label'));
  await expect(result.getByTestId('tx-status-meaning')).toContainText(words('words.status.not_confirmed.meaning'));
  await expect(result.getByTestId('amount-sent')).toHaveText(`${words.written('12345678.12345678', 8)} USDTERC20`);
  await expect(entrySection(page, 'exchange').getByTestId('entry-amount-to')).toHaveText(`${words.written('11356789.01', 2)} EUR`);

  const raw = page.getByTestId('raw-json');
  await expect(raw).toBeHidden();
  const toggle = page.getByRole('button', { name: words('transactions.raw.show') });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(raw).toBeVisible();
  const answer = await services.router.handle('transactions.lookup', { id: exchange.id });
  if (!answer.ok) throw new Error(answer.error.message);
  expect(await raw.textContent()).toBe((answer.value as { raw: string }).raw);
  // A JSON number stays a number, digit for digit.
  await expect(raw).toContainText('"amount":12345678.12345678');
  await page.getByRole('button', { name: words('transactions.raw.hide') }).click();
  await expect(raw).toBeHidden();
});

test('a cancelled withdrawal shows the service’s error message and its tag', async ({ page, words }) => {
  const result = await lookUpAndWait(page, 'foreign_id', 'example-withdrawal-cancelled');
  await expect(result.getByTestId('tx-status')).toHaveText(words('words.status.cancelled.label'));
  await expect(result.getByTestId('tx-status-meaning')).toContainText(words('words.status.cancelled.meaning'));
  await expect(result.getByTestId('tx-error')).toContainText('Insufficient funds on the balance for this withdrawal.');
  await expect(result.getByTestId('address-tag')).toHaveText(/\d+/);
  await expect(result.getByRole('button', { name: words('common.copyLabel', { what: words('transactions.address.tagWhat') }) })).toBeVisible();
  await expect(result.getByTestId('amount-sent')).toContainText(words('transactions.notGiven'));
});

test('every rule of the form says what is wrong next to the field, and nothing is sent', async ({ page, bridge, words }) => {
  const form = lookupForm(page);
  await expect(form).toContainText(words('transactions.form.note'));
  // The form's own messages and shared/api/transaction.ts's rules, all the catalogues'.
  const cases: [string, string][] = [
    ['abc', words('transactions.form.notANumber')],
    ['12.5', words('rules.lookup.idWhole')],
    ['0', words('rules.lookup.idMin')],
    ['-4', words('rules.lookup.idMin')],
    ['2147483648', words('rules.lookup.idMax')],
  ];
  for (const [value, message] of cases) {
    const field = await fillLookup(page, 'id', value);
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  const id = await fillLookup(page, 'id', '');
  await id.press('Enter');
  await expect(id).toHaveAccessibleDescription(words.within('transactions.form.emptyId'));
  await expect(id).toBeFocused();

  const foreignId = await fillLookup(page, 'foreign_id', 'x'.repeat(256));
  await foreignId.blur(); // errors show when the field is left
  await expect(foreignId).toHaveAccessibleDescription(words.within('rules.foreignId.tooLong'));
  await foreignId.fill('   ');
  await foreignId.press('Enter');
  await expect(foreignId).toHaveAccessibleDescription(words.within('rules.foreignId.empty'));
  expect(bridge.calls).not.toContain('transactions.lookup');

  // A field error from the service lands next to the field too.
  bridge.failNext('transactions.lookup', { kind: 'validation', message: 'The service refused the request.', fields: { foreign_id: 'The foreign id must be a string.' } });
  await lookUp(page, 'foreign_id', 'w-1');
  await expect(lookupField(page, 'foreign_id')).toHaveAccessibleDescription(/The foreign id must be a string\./);
});

test('not found is explained, for an id and for a deposit sought by foreign id', async ({ page, words }) => {
  await lookUp(page, 'id', '999999');
  const notFound = page.getByTestId('lookup-not-found');
  const noSuchId = words('transactions.notFound.title', { what: words('transactions.describe.id', { id: '999999' }) });
  await expect(notFound).toContainText(noSuchId);
  await expect(notFound).toContainText(words('transactions.notFound.otherMerchant'));
  await expect(page.getByRole('alert').filter({ hasText: noSuchId })).toBeVisible();

  // The address's foreign id of a deposit does not find it: foreign ids find withdrawals and exchanges.
  await lookUp(page, 'foreign_id', 'example-address-1');
  await expect(notFound).toContainText(words('transactions.notFound.title', { what: words('transactions.describe.foreignId', { foreignId: 'example-address-1' }) }));
  await expect(notFound).toContainText(words('transactions.notFound.foreignId'));
});

test('another merchant’s transaction is not found', async ({ page, services, words }) => {
  await addSandboxMerchant(services, 'other-merchant-key', 'other-merchant-secret');
  const theirs = await exampleTransaction(services, (t) => t.type === 'deposit', 'other-merchant-key');
  expect(theirs.merchant_key).toBe('other-merchant-key');
  await lookUp(page, 'id', String(theirs.id));
  await expect(page.getByTestId('lookup-not-found')).toContainText(words('transactions.notFound.title', { what: words('transactions.describe.id', { id: String(theirs.id) }) }));
});

test('a network failure and a service error are explained, and Try again recovers', async ({ page, services, bridge, words }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  await setSandboxFault(services, 'transactions/info', 'reset');
  await lookUp(page, 'id', String(deposit.id));
  const failed = page.getByTestId('lookup-error');
  await expect(failed).toContainText(words('transactions.error.network'));
  await expect(failed).toContainText(words.before('main.platform.api.network', 'host')); // main's platform failure, in the window's language
  await clearSandboxFaults(services);
  await failed.getByRole('button', { name: words('transactions.error.retry') }).click();
  await expect(page.getByTestId('lookup-result')).toBeVisible();
  await expect(failed).toBeHidden();

  bridge.failNext('transactions.lookup', { kind: 'service', status: 500, message: 'The service failed to answer (HTTP 500). Try again later.' });
  await page.getByRole('button', { name: words('transactions.form.submit') }).click();
  await expect(failed).toContainText(words('transactions.error.service'));
  await expect(failed).toContainText('HTTP 500');
  await failed.getByRole('button', { name: words('transactions.error.retry') }).click();
  await expect(page.getByTestId('lookup-result')).toContainText(words('transactions.result.title', { id: deposit.id }));
});

test('an exchange order’s “Look up this transaction” runs the lookup on arrival', async ({ page, bridge, words }) => {
  await openQuote(page);
  const dialog = await openReview(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  await confirmButton(dialog).click();
  const placed = dialog.getByTestId('exchange-result');
  await expect(placed).toBeVisible();
  const orderId = (await placed.getByTestId('order-id').textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^\d+$/);
  const lookupsBefore = bridge.calls.filter((c) => c === 'transactions.lookup').length;

  await placed.getByRole('link', { name: words('quotes.result.lookUp') }).click();
  await expect(page.getByRole('heading', { level: 1, name: words('transactions.title') })).toBeVisible();
  // The form shows what was looked up, and the answer arrives without pressing anything.
  await expect(lookupChoice(page, 'id')).toBeChecked();
  await expect(lookupField(page, 'id')).toHaveValue(orderId);
  const result = page.getByTestId('lookup-result');
  await expect(result.getByRole('heading', { name: words('transactions.result.title', { id: orderId }) })).toBeVisible();
  await expect(result.getByTestId('tx-type')).toContainText(words('words.type.exchange'));
  expect(bridge.calls.filter((c) => c === 'transactions.lookup').length).toBe(lookupsBefore + 1);

  // It ran once: leaving and coming back does not look it up again.
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { level: 1, name: words('profiles.title') })).toBeVisible();
  await openTransactions(page);
  await expect(lookupField(page, 'id')).toHaveValue('');
  expect(bridge.calls.filter((c) => c === 'transactions.lookup').length).toBe(lookupsBefore + 1);
});

// Lookup by the customer's transaction hash (docs/service-interface.md, "transactions/info by txid").

test('a deposit looked up by its hash shows the transaction, the hash it was found by and the entry that holds it', async ({ page, services, bridge, words }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed' && t.txids.length === 1);
  const hash = deposit.txids[0] ?? '';
  // Pasted from a wallet with spaces around it: trimmed, then sent as the one parameter.
  const result = await lookUpAndWait(page, 'txid', ` ${hash} `);
  await expect(result.getByRole('heading', { name: words('transactions.result.title', { id: deposit.id }) })).toBeVisible();
  await expect(result.getByTestId('tx-status')).toHaveText(words('words.status.confirmed.label'));
  await expect(result.getByTestId('found-by-hash')).toContainText(hash);
  await expect(result.getByTestId('found-by-hash')).toContainText(words.shaped('transactions.result.heldByEntry', ['id']));
  const held = page.locator('[data-asked-hash="true"]');
  await expect(held).toHaveCount(1);
  await expect(held.getByTestId('txid')).toHaveText(hash);
  await expect(held).toContainText(words('transactions.entry.askedHash'));
  await screenshotBothThemes(page, 'transaction-lookup-by-hash');
  expect(bridge.calls.filter((c) => c === 'transactions.lookup')).toHaveLength(1);

  // The journal keeps the hash: History finds the lookup by it.
  await openHistory(page);
  await show(page, 'lookups');
  await searchText(page, hash);
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText(String(deposit.id));
});

test('every rule of the hash field says what is wrong next to it, and nothing is sent', async ({ page, bridge, words }) => {
  // The hash's rules are shared/api/transaction.ts's, in the catalogues.
  const cases: [string, RegExp][] = [
    ['   ', words.within('rules.lookup.hash')],
    ['3950ad81 49421a85', words.within('rules.lookup.hashWord')],
    ['hash\u00e9', words.within('rules.lookup.hashWord')],
    ['f'.repeat(256), words.within('rules.lookup.hashMax')],
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
  await lookupChoice(page, 'id').check();
  await expect(lookupField(page, 'id')).not.toHaveAttribute('aria-invalid');

  // A refusal of the hash's value by the service lands next to the field, in its words.
  bridge.failNext('transactions.lookup', { kind: 'validation', message: 'The service refused the request.', fields: { txid: 'The txid format is invalid.' } });
  await lookUp(page, 'txid', 'ab12');
  await expect(lookupField(page, 'txid')).toHaveAccessibleDescription(/The txid format is invalid\./);
});

test('a hash no transaction of this merchant holds is not found, another merchant’s included', async ({ page, services, words }) => {
  const noSuchHash = (txid: string) => words('transactions.notFound.title', { what: words('transactions.describe.txid', { txid }) });
  const unknown = 'a'.repeat(64);
  await lookUp(page, 'txid', unknown);
  const notFound = page.getByTestId('lookup-not-found');
  await expect(notFound).toContainText(noSuchHash(unknown));
  await expect(notFound).toContainText(words('transactions.notFound.txid'));

  await addSandboxMerchant(services, 'other-merchant-key', 'other-merchant-secret');
  const theirs = await exampleTransaction(services, (t) => t.type === 'deposit' && t.txids.length > 0, 'other-merchant-key');
  await lookUp(page, 'txid', theirs.txids[0] ?? '');
  await expect(notFound).toContainText(noSuchHash(theirs.txids[0] ?? ''));
});

test('by hash, a network failure and a service error are explained, and Try again recovers', async ({ page, services, words }) => {
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.txids.length > 0);
  const hash = deposit.txids[0] ?? '';
  await setSandboxFault(services, 'transactions/info', 'reset');
  await lookUp(page, 'txid', hash);
  const failed = page.getByTestId('lookup-error');
  await expect(failed).toContainText(words('transactions.error.network'));
  await setSandboxFault(services, 'transactions/info', 'status-500');
  await failed.getByRole('button', { name: words('transactions.error.retry') }).click();
  await expect(failed).toContainText(words('transactions.error.service'));
  await expect(failed).toContainText('HTTP 500');
  await clearSandboxFaults(services);
  await failed.getByRole('button', { name: words('transactions.error.retry') }).click();
  await expect(page.getByTestId('lookup-result')).toContainText(words('transactions.result.title', { id: deposit.id }));
});

test('a service that does not take a hash is explained: look it up in the back office', async ({ page, words }) => {
  const older = await startOlderService();
  try {
    await openScreen(page, words('nav.profiles'), words('profiles.title'));
    await addProfile(page, { name: 'Older service', baseUrl: older.baseUrl, apiKey: 'older-key-0001', secret: 'older-secret' });
    await page
      .getByLabel(words('profileSwitcher.label'), { exact: true })
      .selectOption({ label: words('profileSwitcher.option', { name: 'Older service', kind: words('kind.live') }) });
    await openTransactions(page);
    const hash = 'b'.repeat(64);
    await lookUp(page, 'txid', hash);
    const refused = page.getByTestId('lookup-unsupported');
    await expect(refused).toContainText(words('transactions.unsupported.title'));
    await expect(refused.getByTestId('unsupported-txid')).toHaveText(hash);
    await expect(refused.getByRole('button', { name: words('transactions.error.retry') })).toHaveCount(0);
    // It was asked, signed, with the hash as the one parameter, and it refused the parameter.
    expect(older.received.map((r) => [r.path, r.body])).toEqual([['/api/v2/transactions/info', `{"txid":"${hash}"}`]]);
    expect(older.received[0]?.headers['x-processing-key']).toBe('older-key-0001');
  } finally {
    await older.close();
  }
});
