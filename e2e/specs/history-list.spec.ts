import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-book.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import {
  cell,
  choose,
  clearSearch,
  dateRange,
  detail,
  historyRows,
  invoiceAndLookup,
  openDetail,
  openHistory,
  searchField,
  searchForm,
  searchText,
  show,
  utcDay,
} from '../scenarios/history.ts';
import { ORDER } from '../scenarios/invoices.ts';
import { exampleTransaction, lookUp, openTransactions, setSandboxFault } from '../scenarios/transactions.ts';

/**
 * History's list: the clerk's payments and the lookups on request, the search by text, state,
 * operation, status and dates, the CSV export of what is shown, the error state and paging. The
 * detail of an entry, an unknown outcome's resolution and the dispute report are history-detail.spec.ts.
 */

/** How the service answered the entry holding `text`, read in its detail (no longer in the table): its HTTP status and the time it took. */
async function expectAnsweredWith(page: Page, text: string, status: string): Promise<void> {
  await openDetail(page, text);
  await expect(detail(page).getByTestId('detail-http-status')).toHaveText(status);
  await expect(detail(page).getByTestId('detail-duration')).toHaveText(/^[\d.]+ m?s$/);
  await page.keyboard.press('Escape');
  await expect(detail(page)).toBeHidden();
}

test("opens on the clerk's payments, shows the lookups on request, and searches by text, state, operation, status and dates", async ({ page, services, words }) => {
  const made = await invoiceAndLookup(page, services);
  // A lookup of something the service does not have: nothing found, a failed entry to search for.
  await lookUp(page, 'id', '999999999');
  await expect(page.getByTestId('lookup-not-found')).toBeVisible();

  await openHistory(page);
  const rows = historyRows(page);
  // The payments: the invoice, one row, with what became of it in words; no HTTP status or time in the table.
  await expect(searchField(page, 'show').locator('option:checked')).toHaveText('Payments');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('history-count')).toHaveText('1 payment, newest first');
  await expect(page.locator('table.history-table thead th')).toHaveText(['When', 'What', 'Amount', 'Reference', 'Made by', 'Outcome']);
  const invoice = rows.first();
  await expect(cell(invoice, 'operation')).toHaveText('Invoice');
  await expect(cell(invoice, 'outcome')).toHaveText(words('outcomes.invoice.created'));
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
  await show(page, 'lookups');
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
  await show(page, 'everything');
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

  await choose(page, 'state', 'Failed');
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'outcome')).toHaveAttribute('data-state', 'failed');
  await expect(cell(rows.first(), 'outcome')).toHaveText('Nothing found');
  await choose(page, 'state', 'Any state');
  await choose(page, 'operation', 'Invoice creation');
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'foreign-id')).toHaveText(made.foreignId);
  await choose(page, 'operation', 'Any operation');
  await choose(page, 'serviceStatus', 'confirmed');
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'service-id')).toHaveText(String(made.depositId));
  await choose(page, 'serviceStatus', 'Any status');
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
  const from = searchField(page, 'from');
  const to = searchField(page, 'to');
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

test('the CSV export matches the screen', async ({ page, services, electronApp }) => {
  // Each export asks main's save dialog; the person saves under the suggested name, in an exports folder.
  const exportsDir = join(electronApp.dataDir, 'exports');
  await mkdir(exportsDir);
  const { desktop } = electronApp.standin;
  for (let saves = 0; saves < 4; saves += 1) desktop.answerSaveDialog((options) => ({ canceled: false, filePath: join(exportsDir, basename(options.defaultPath ?? '')) }));
  const made = await invoiceAndLookup(page, services);
  await openHistory(page);
  const rows = historyRows(page);
  await show(page, 'everything');
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
  await choose(page, 'operation', 'Invoice creation');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(result).toContainText('Wrote 1 row to');
  await choose(page, 'operation', 'Any operation');
  await show(page, 'lookups');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(result).toContainText('Wrote 1 row to');
  const lookups = parse(await readFile((await result.locator('.mono').textContent()) ?? '', 'utf8'), { columns: true }) as Record<string, string>[];
  expect(lookups.map((record) => record.operation)).toEqual(['transactions.lookup']);
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
  await expect(searchField(page, 'show').locator('option:checked')).toHaveText('Everything');
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
  await show(page, 'lookups');
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
