import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-book.ts';
import type { MainServices } from '../../electron/app/index.ts';
import { COPY_ASKED_AND_GRANTED, readClipboard } from '../harness/clipboard.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import {
  banner,
  cell,
  choose,
  clearSearch,
  dateRange,
  detail,
  historyRows,
  openDetail,
  openButton,
  openHistory,
  searchField,
  searchForm,
  searchText,
  show,
  utcDay,
} from '../scenarios/history.ts';
import {
  breakInvoiceCreation,
  createInvoice,
  field,
  fillInvoice,
  invoiceForm,
  leaveOutSender,
  naturalSender,
  openInvoices,
  ORDER,
  sandboxInvoices,
  submitButton,
} from '../scenarios/invoices.ts';
import { setMerchantName } from '../scenarios/profiles.ts';
import { exampleTransaction, lookUp, lookUpAndWait, openTransactions, setSandboxFault } from '../scenarios/transactions.ts';

type Made = { foreignId: string; invoiceId: string; depositId: number };

/** Through the UI: an invoice (sender left out), then a lookup of a confirmed deposit. */
async function invoiceAndLookup(page: Page, services: MainServices): Promise<Made> {
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  const invoiceId = await createInvoice(page);
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  await openTransactions(page);
  await lookUpAndWait(page, 'id', String(deposit.id));
  return { foreignId, invoiceId, depositId: deposit.id };
}

/** How the service answered the entry holding `text`, read in its detail (no longer in the table): its HTTP status and the time it took. */
async function expectAnsweredWith(page: Page, text: string, status: string): Promise<void> {
  await openDetail(page, text);
  await expect(detail(page).getByTestId('detail-http-status')).toHaveText(status);
  await expect(detail(page).getByTestId('detail-duration')).toHaveText(/^[\d.]+ m?s$/);
  await page.keyboard.press('Escape');
  await expect(detail(page)).toBeHidden();
}

test("opens on the clerk's payments, shows the lookups on request, and searches by text, state, operation, status and dates", async ({ page, services }) => {
  const made = await invoiceAndLookup(page, services);
  // A lookup of something the service does not have: nothing found, a failed entry to search for.
  await lookUp(page, 'id', '999999999');
  await expect(page.getByTestId('lookup-not-found')).toBeVisible();

  await openHistory(page);
  const rows = historyRows(page);
  // The payments: the invoice, one row, with what became of it in words; no HTTP status or time in the table.
  await expect(searchField(page, 'Show').locator('option:checked')).toHaveText('Payments');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('history-count')).toHaveText('1 payment, newest first');
  await expect(page.locator('table.history-table thead th')).toHaveText(['When', 'What', 'Amount', 'Reference', 'Made by', 'Outcome']);
  const invoice = rows.first();
  await expect(cell(invoice, 'operation')).toHaveText('Invoice');
  await expect(cell(invoice, 'outcome')).toHaveText('Created, not paid yet');
  await expect(cell(invoice, 'outcome')).toHaveAttribute('data-state', 'succeeded');
  await expect(cell(invoice, 'outcome')).toHaveAttribute('data-service-status', 'created');
  await expect(cell(invoice, 'foreign-id')).toHaveText(made.foreignId);
  await expect(cell(invoice, 'service-id')).toHaveText(made.invoiceId);
  await expect(cell(invoice, 'title')).toContainText(ORDER.title);
  await expect(cell(invoice, 'title')).toContainText(ORDER.reference);
  await expect(cell(invoice, 'amount')).toHaveText('100.50 EUR'); // as recorded, not padded or rounded
  await expect(invoice.locator('time')).toContainText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  await expect(invoice).not.toContainText(/\b201\b|\d ms\b|none/);
  await screenshotBothThemes(page, 'history');
  // How the service answered is in the detail.
  await expectAnsweredWith(page, made.foreignId, '201');

  // The lookups, newest first: the one that found nothing says so, neutrally, not as a red failure.
  await show(page, 'Lookups and reads');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('history-count')).toHaveText('2 lookups, newest first');
  await expect(cell(rows.nth(0), 'operation')).toHaveText('Lookup');
  await expect(cell(rows.nth(0), 'outcome')).toHaveText('Nothing found');
  await expect(cell(rows.nth(0), 'outcome')).toHaveAttribute('data-state', 'failed');
  await expect(cell(rows.nth(0), 'outcome')).toHaveAttribute('data-tone', 'neutral');
  await expect(cell(rows.nth(0), 'outcome')).not.toHaveClass(/journal-state-bad/);
  await expect(cell(rows.nth(1), 'operation')).toHaveText('Lookup');
  await expect(cell(rows.nth(1), 'outcome')).toHaveText('Found: Confirmed');
  await expect(cell(rows.nth(1), 'outcome')).toHaveAttribute('data-state', 'succeeded');
  await expect(cell(rows.nth(1), 'outcome')).toHaveAttribute('data-service-status', 'confirmed');
  await expect(cell(rows.nth(1), 'service-id')).toHaveText(String(made.depositId));
  await expectAnsweredWith(page, String(made.depositId), '200');

  // Everything: the three, newest first.
  await show(page, 'Everything');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('history-count')).toHaveText('3 entries, newest first');
  await expect(rows.nth(0)).toContainText('Nothing found');
  await expect(cell(rows.nth(1), 'service-id')).toHaveText(String(made.depositId));
  await expect(cell(rows.nth(2), 'foreign-id')).toHaveText(made.foreignId);

  // Text: a fragment of the foreign id, Enter searches.
  await searchText(page, made.foreignId.slice(4, 16));
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'foreign-id')).toHaveText(made.foreignId);
  await searchText(page, 'no-such-thing');
  await expect(page.getByText('No entry matches this search.')).toBeVisible();
  // Clear clears the search, not what is shown.
  await clearSearch(page);
  await expect(rows).toHaveCount(3);

  await choose(page, 'State', 'Failed');
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'outcome')).toHaveAttribute('data-state', 'failed');
  await expect(cell(rows.first(), 'outcome')).toHaveText('Nothing found');
  await choose(page, 'State', 'Any state');
  await choose(page, 'Operation', 'Invoice creation');
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'foreign-id')).toHaveText(made.foreignId);
  await choose(page, 'Operation', 'Any operation');
  await choose(page, 'Service status', 'confirmed');
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'service-id')).toHaveText(String(made.depositId));
  await choose(page, 'Service status', 'Any status');
  await expect(rows).toHaveCount(3);

  // Dates are UTC days, both ends inclusive.
  await dateRange(page, utcDay(), utcDay());
  await expect(rows).toHaveCount(3);
  await dateRange(page, utcDay(1), utcDay(2));
  await expect(page.getByText('No entry matches this search.')).toBeVisible();
  await dateRange(page, utcDay(-2), utcDay(-1));
  await expect(page.getByText('No entry matches this search.')).toBeVisible();

  // Validation: shown inline when a field is left, and nothing is searched while it stands.
  await clearSearch(page);
  await expect(rows).toHaveCount(3);
  const from = searchField(page, 'From (UTC)');
  const to = searchField(page, 'To (UTC)');
  await from.fill('2025-02-30');
  await from.blur();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveAccessibleDescription('Enter a real date as YYYY-MM-DD');
  await from.fill(utcDay(1));
  await to.fill(utcDay());
  await to.press('Enter');
  await expect(to).toHaveAccessibleDescription('The end date must be on or after the start date');
  await expect(from).not.toHaveAttribute('aria-invalid');
  await expect(rows).toHaveCount(3); // the previous search stands
  await to.fill(utcDay(1));
  await to.press('Enter');
  await expect(to).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('No entry matches this search.')).toBeVisible();
});

test('the detail shows what was sent without personal data; look up now, and a new invoice like this', async ({ page, services, browser, electronApp }) => {
  await openInvoices(page);
  await fillInvoice(page);
  await naturalSender(page);
  await field(page, 'Sender e-mail (optional)').fill('ada@lovelace.example');
  const foreignId = await field(page, 'Foreign id').inputValue();
  const invoiceId = await createInvoice(page);
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  await openTransactions(page);
  await lookUpAndWait(page, 'id', String(deposit.id));

  await openHistory(page);
  const dialog = await openDetail(page, foreignId);
  await expect(dialog.getByRole('heading', { name: `Invoice creation ${foreignId}` })).toBeVisible();
  await expect(dialog.getByTestId('detail-foreign-id')).toHaveText(foreignId);
  await expect(dialog.getByTestId('detail-service-id')).toHaveText(invoiceId);
  await expect(dialog.getByTestId('detail-amount')).toHaveText('100.50 EUR');
  const request = dialog.getByTestId('detail-request');
  await expect(request).toContainText(`"title": "${ORDER.title}"`);
  await expect(request).toContainText('"amount": "100.50"');
  await expect(request).toContainText('"sender_type": "natural"');
  await expect(dialog.getByTestId('detail-response')).toContainText(`"id":${invoiceId}`);
  // No personal data anywhere on the page: not the sender's name, birth date, nor either e-mail.
  for (const personal of ['Ada', 'Lovelace', '1985-12-10', ORDER.email, 'ada@lovelace.example']) {
    await expect(page.locator('body')).not.toContainText(personal);
  }
  await dialog.getByRole('button', { name: 'Copy foreign id' }).click();
  await expect(page.getByTestId('announcer')).toHaveText('Copied foreign id');
  expect(electronApp.standin.permissionRequests).toEqual([COPY_ASKED_AND_GRANTED]);
  expect(await readClipboard(browser)).toBe(foreignId);
  await screenshotBothThemes(page, 'history-detail');

  // Esc closes the detail and gives the focus back to the row's Details button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(openButton(historyRows(page).filter({ hasText: foreignId }))).toBeFocused();

  // A lookup, under Show: "Look up now" runs it again on the Transactions screen.
  await show(page, 'Everything');
  await openDetail(page, String(deposit.id));
  await expect(detail(page).getByRole('button', { name: 'New invoice like this' })).toHaveCount(0);
  await detail(page).getByRole('button', { name: 'Look up now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByTestId('lookup-result')).toContainText(`Transaction ${deposit.id}`);

  // An invoice: "New invoice like this" fills the form, with a new foreign id and no personal data.
  await openHistory(page);
  await expect(historyRows(page)).toHaveCount(3); // the new lookup is recorded too
  await openDetail(page, foreignId);
  await expect(detail(page).getByRole('button', { name: 'Look up now' })).toHaveCount(0);
  await detail(page).getByRole('button', { name: 'New invoice like this' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
  await expect(field(page, 'Title')).toHaveValue(ORDER.title);
  await expect(field(page, 'Amount')).toHaveValue(ORDER.amount);
  await expect(field(page, 'End user reference')).toHaveValue(ORDER.reference);
  await expect(field(page, 'Success URL')).toHaveValue(ORDER.urlSuccess);
  const fresh = await field(page, 'Foreign id').inputValue();
  expect(fresh).toMatch(/^inv-\d{8}-[a-z2-9]{8}$/);
  expect(fresh).not.toBe(foreignId);
  await expect(field(page, 'Customer e-mail')).toHaveValue('');
  await expect(invoiceForm(page).getByRole('radio', { name: 'Natural person' })).toBeChecked();
  await expect(field(page, 'First name')).toHaveValue('');
  await expect(page.getByTestId('announcer')).toContainText('with a new foreign id');
});

test('a lost answer: the banner names it, History says what to do, and recording what happened clears it', async ({ page, services }) => {
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  await expect(banner(page)).toHaveCount(0);
  // The service creates the invoice, then the connection is reset before the answer arrives.
  await breakInvoiceCreation(services, { fault: 'reset', after: true, once: true });
  await submitButton(page).click();
  await expect(page.getByTestId('outcome-unknown')).toBeVisible();
  await expect(banner(page)).toContainText('One operation needs a check');
  await expect(banner(page)).toContainText(foreignId);
  expect((await sandboxInvoices(services)).map((invoice) => invoice.foreign_id)).toEqual([foreignId]);

  // Shown on start, and per profile: another profile has nothing to check.
  const saved = await services.router.handle('profiles.save', { name: 'Nobody home', baseUrl: 'http://127.0.0.1:9/api/v2', apiKey: 'nobody-key-1234', secret: 'nobody-secret' });
  if (!saved.ok) throw new Error(`profiles.save failed: ${JSON.stringify(saved.error)}`);
  const nobody = (saved.value as { id: string }).id;
  await page.reload();
  await expect(banner(page)).toContainText(foreignId);
  const switcher = page.locator('header').getByLabel('Profile');
  await switcher.selectOption(nobody);
  await expect(page.getByTestId('active-profile')).toContainText('Nobody home');
  await expect(banner(page)).toHaveCount(0);
  await switcher.selectOption(LOCAL_SANDBOX_ID);
  await expect(banner(page)).toContainText(foreignId);

  await banner(page).getByRole('link', { name: 'Check in History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(searchField(page, 'State')).toHaveValue('unknown');
  const rows = historyRows(page);
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'outcome')).toHaveText('Outcome unknown');
  await expect(cell(rows.first(), 'outcome')).toHaveAttribute('data-state', 'unknown');
  const dialog = await openDetail(page, foreignId);
  await expect(dialog.getByTestId('detail-message')).toContainText(/./);
  const help = dialog.getByTestId('unknown-help');
  await expect(help).toContainText(`Look for an invoice with the foreign id ${foreignId} in the service's back office.`);
  await expect(help).toContainText('the service refuses a second invoice with a foreign id it already has');
  await expect(dialog.getByTestId('detail-response')).toHaveText('No answer was received.');
  // A copy with a new foreign id could bill the customer twice while the first may exist.
  await expect(dialog.getByRole('button', { name: 'New invoice like this' })).toHaveCount(0);

  // Both rules of the form, shown when it is sent empty.
  const record = help.getByRole('button', { name: 'Record what happened' });
  await record.click();
  await expect(help).toContainText('Choose what happened');
  await expect(help.getByLabel('Note')).toHaveAccessibleDescription(/Say what you found/);
  await help.getByRole('radio', { name: /It succeeded/ }).check();
  await help.getByLabel('Note').fill('   ');
  await record.click();
  await expect(help.getByLabel('Note')).toHaveAccessibleDescription(/Say what you found/);
  await help.getByLabel('Note').fill('The invoice is in the back office');
  await record.click();

  await expect(dialog.getByTestId('detail-state')).toContainText('Succeeded');
  await expect(dialog.getByTestId('unknown-help')).toHaveCount(0);
  await expect(dialog.getByTestId('detail-message')).toHaveText('Resolved by hand: The invoice is in the back office');
  await expect(banner(page)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'New invoice like this' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('No entry matches this search.')).toBeVisible();
  await choose(page, 'State', 'Succeeded');
  await expect(cell(rows.first(), 'foreign-id')).toHaveText(foreignId);
});

test('the CSV export matches the screen, and a lookup makes a dispute report PDF', async ({ page, services, electronApp }) => {
  // Each export asks main's save dialog; the person saves under the suggested name, in an exports folder.
  const exportsDir = join(electronApp.dataDir, 'exports');
  await mkdir(exportsDir);
  const { desktop } = electronApp.standin;
  for (let saves = 0; saves < 5; saves += 1) desktop.answerSaveDialog((options) => ({ canceled: false, filePath: join(exportsDir, basename(options.defaultPath ?? '')) }));
  const made = await invoiceAndLookup(page, services);
  await openHistory(page);
  const rows = historyRows(page);
  await show(page, 'Everything');
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const result = page.getByTestId('export-result');
  await expect(result).toContainText('Wrote 2 rows to');
  const csvPath = (await result.locator('.mono').textContent()) ?? '';
  expect(csvPath).toMatch(/exports[\\/]merchant-console-history-\d{4}-\d{2}-\d{2}\.csv$/);
  // Asked modal to the app's window, starting in Documents with that name, for a CSV file.
  expect(desktop.saveDialogs[0]).toEqual({
    window: electronApp.window,
    options: { defaultPath: join(electronApp.standin.app.getPath('documents'), basename(csvPath)), filters: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }] },
  });
  const records = parse(await readFile(csvPath, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(records).toHaveLength(2);
  // The CSV keeps the codes the table says in words: the row's empty cells are the CSV's empty values.
  const sameAs = async (shown: Locator, value: string | undefined) => (value ? expect(shown).toHaveText(value) : expect(shown).toHaveCount(0));
  for (const [index, record] of records.entries()) {
    const row = rows.nth(index);
    await sameAs(cell(row, 'foreign-id'), record.foreign_id);
    await sameAs(cell(row, 'service-id'), record.service_id);
    await expect(cell(row, 'outcome')).toHaveAttribute('data-state', record.state ?? 'missing');
    await expect(cell(row, 'outcome')).toHaveAttribute('data-service-status', record.service_status ?? 'missing');
  }
  expect(records[1]).toMatchObject({ operation: 'invoices.create', foreign_id: made.foreignId, amount: '100.50', currency: 'EUR', title: ORDER.title });
  expect(records[0]).toMatchObject({ operation: 'transactions.lookup', service_id: String(made.depositId), state: 'succeeded' });

  // The same search for a spreadsheet: main writes it in its computer's number format and time zone.
  await page.getByLabel('CSV for').selectOption('spreadsheet');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(result).toContainText('Wrote 2 rows to');
  const sheet = await readFile(csvPath, 'utf8');
  expect(sheet.charCodeAt(0)).toBe(0xfeff);
  expect(sheet.split('\r\n')[0]).toMatch(/created_at \([^)]+\)[,;]updated_at \([^)]+\)/);
  await page.getByLabel('CSV for').selectOption('machine');

  // The export follows the search, and what is shown.
  await choose(page, 'Operation', 'Invoice creation');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(result).toContainText('Wrote 1 row to');
  await choose(page, 'Operation', 'Any operation');
  await show(page, 'Lookups and reads');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(result).toContainText('Wrote 1 row to');
  const lookups = parse(await readFile((await result.locator('.mono').textContent()) ?? '', 'utf8'), { columns: true }) as Record<string, string>[];
  expect(lookups.map((record) => record.operation)).toEqual(['transactions.lookup']);

  // The report names the merchant typed on the profile the lookup was made on (the service names none).
  await setMerchantName(page, 'Local sandbox', '  Acme GmbH ');
  await openHistory(page);
  const dialog = await openDetail(page, String(made.depositId));
  const raw = (await dialog.getByTestId('detail-response').textContent()) ?? '';
  const txid = /"txid":"([0-9a-f]{64})"/.exec(raw)?.[1];
  expect(txid).toBeDefined();
  await dialog.getByRole('button', { name: 'Dispute report (PDF)' }).click();
  const saved = dialog.getByTestId('dispute-saved');
  await expect(saved).toContainText('Dispute report saved to');
  const pdfPath = (await saved.locator('.mono').textContent()) ?? '';
  expect(pdfPath).toMatch(new RegExp(`transaction-${made.depositId}-dispute-report\\.pdf$`));
  const pdf = await readFile(pdfPath);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text.replace(/\s+/g, '')).toContain(txid);
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  expect(lines.slice(0, 2)).toEqual([`Transaction ${made.depositId}: dispute report`, 'Merchant: Acme GmbH']);
});

test('an error from main shows the error state with Try again; a network failure is recorded as failed', async ({ page, services, bridge }) => {
  bridge.failNext('journal.search', { kind: 'internal', message: 'The journal could not be read.' });
  await openHistory(page);
  const alert = page.getByRole('alert').filter({ hasText: 'The journal could not be read.' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No payment recorded yet: no invoice, exchange or deposit address.')).toBeVisible();

  // The service cannot be reached: the lookup is recorded as failed, with no HTTP status and the reason.
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  await setSandboxFault(services, 'transactions/info', 'reset');
  await openTransactions(page);
  await lookUp(page, 'id', String(deposit.id));
  await expect(page.getByTestId('lookup-error')).toBeVisible();
  await openHistory(page);
  // Nothing among the payments: a lookup is a read, and the empty list offers everything.
  await expect(page.getByText('No payment recorded yet: no invoice, exchange or deposit address.')).toBeVisible();
  await page.getByRole('button', { name: 'Show everything' }).click();
  await expect(searchField(page, 'Show').locator('option:checked')).toHaveText('Everything');
  const rows = historyRows(page);
  await expect(rows.first()).toBeVisible();
  await expect(cell(rows.first(), 'outcome')).toHaveText('Could not look up: see the detail');
  await expect(cell(rows.first(), 'outcome')).toHaveAttribute('data-state', 'failed');
  // (A read that failed on the network is retried once by the app's query client: one or two entries.)
  await cell(rows.first(), 'made-by').click(); // a click anywhere on the row opens it
  // No HTTP status, only the time it took to fail.
  await expect(detail(page).getByTestId('detail-http-status')).toHaveText('no answer');
  await expect(detail(page).getByTestId('detail-duration')).toHaveText(/^[\d.]+ m?s$/);
  await expect(detail(page).getByTestId('detail-message')).toContainText('Could not talk to the service');
  await expect(detail(page).getByTestId('detail-response')).toHaveText('No answer was received.');
  await expect(searchForm(page)).toBeVisible();
});

test('a long history comes in pages: Load more brings the rest', async ({ page, services }) => {
  // Written straight into the journal, as 55 lookups would be.
  for (let n = 1; n <= 55; n += 1) {
    await services.journal.record(
      { profileId: LOCAL_SANDBOX_ID, profileName: 'Local sandbox', operation: 'transactions.lookup', foreignId: `w-${n}`, request: { foreign_id: `w-${n}` } },
      { state: 'failed', httpStatus: 404, durationMs: 3, message: 'No transaction with this foreign id.' },
    );
  }
  await openHistory(page);
  await show(page, 'Lookups and reads');
  const rows = historyRows(page);
  await expect(rows).toHaveCount(50);
  await expect(page.getByTestId('history-count')).toHaveText('50 lookups, newest first; more below');
  await expect(cell(rows.first(), 'foreign-id')).toHaveText('w-55');
  await expect(cell(rows.first(), 'outcome')).toHaveText('Nothing found');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(55);
  await expect(cell(rows.last(), 'foreign-id')).toHaveText('w-1');
  await expect(page.getByTestId('history-count')).toHaveText('55 lookups, newest first');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
