import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { mkdir, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { banner, cell, choose, historyRows, openDetail, openHistory, searchField } from '../scenarios/history.ts';
import { openScreen, setDisplayName } from '../scenarios/profiles.ts';
import { breakInvoiceCreation, createInvoice, field, fillInvoice, leaveOutSender, openInvoices, result as invoiceResult, submitButton } from '../scenarios/invoices.ts';

/**
 * Who made it, everywhere the journal is shown: History's Made by line and its filter
 * by person, an entry's detail, the attention banner, who resolved an unknown outcome, and the CSV.
 * Main names this computer as os.hostname(): the test runs on the same computer.
 */

const NAME = 'Ana Ruiz';
const COMPUTER = hostname();

/** A new invoice through the form, sender left out; answers its foreign id. */
async function newInvoice(page: Page): Promise<string> {
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  await createInvoice(page);
  return foreignId;
}

const madeBy = (page: Page, foreignId: string) => historyRows(page).filter({ hasText: foreignId }).locator('[data-column="made-by"]');

test('entries name who made them: "name not set" before the name is set, the name after; History filters by person and the CSV says who', async ({ page, electronApp }) => {
  const exportsDir = join(electronApp.dataDir, 'exports');
  await mkdir(exportsDir);
  const { desktop } = electronApp.standin;
  for (let saves = 0; saves < 2; saves += 1) desktop.answerSaveDialog((options) => ({ canceled: false, filePath: join(exportsDir, `${saves}-${basename(options.defaultPath ?? '')}`) }));

  const before = await newInvoice(page);
  await setDisplayName(page, NAME);
  // The invoice screen keeps the last result until a new invoice is asked for.
  await openScreen(page, 'New invoice');
  await invoiceResult(page).getByRole('button', { name: 'New blank invoice' }).click();
  const after = await newInvoice(page);

  await openHistory(page);
  await expect(historyRows(page)).toHaveCount(2);
  await expect(madeBy(page, after)).toHaveText(`${NAME} on ${COMPUTER}`);
  // Made before the name was set: it says so, with the computer.
  await expect(madeBy(page, before)).toHaveText(`name not set, on ${COMPUTER}`);
  await screenshotBothThemes(page, 'history-made-by');

  // The person filter lists everyone who made an entry, and finds theirs only.
  const person = searchField(page, 'person');
  await expect(person.locator('option')).toHaveText(['Everyone', NAME]);
  await person.selectOption({ label: NAME });
  await expect(historyRows(page)).toHaveCount(1);
  await expect(cell(historyRows(page).first(), 'foreign-id')).toHaveText(after);

  // The detail says who made it and where.
  const dialog = await openDetail(page, after);
  await expect(dialog.getByTestId('detail-made-by')).toHaveText(`${NAME} on ${COMPUTER}`);
  await page.keyboard.press('Escape');

  // The CSV follows the search, and names the person and the computer.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const result = page.getByTestId('export-result');
  await expect(result).toContainText('Wrote 1 row to');
  const filtered = parse(await readFile((await result.locator('.mono').textContent()) ?? '', 'utf8'), { columns: true }) as Record<string, string>[];
  expect(filtered).toEqual([expect.objectContaining({ foreign_id: after, made_by: NAME, made_on: COMPUTER, resolved_by: '', resolved_on: '', resolved_at: '' })]);

  await person.selectOption({ label: 'Everyone' });
  await expect(historyRows(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(result).toContainText('Wrote 2 rows to');
  const all = parse(await readFile((await result.locator('.mono').textContent()) ?? '', 'utf8'), { columns: true }) as Record<string, string>[];
  expect(all.map((row) => [row.foreign_id, row.made_by, row.made_on])).toEqual([
    [after, NAME, COMPUTER],
    [before, '', COMPUTER],
  ]);
});

test('an unknown outcome names who made it in the banner, and after resolving, who resolved it', async ({ page, services }) => {
  await setDisplayName(page, NAME);
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  // The service creates the invoice, then the connection is reset before the answer arrives.
  await breakInvoiceCreation(services, { fault: 'reset', after: true, once: true });
  await submitButton(page).click();
  await expect(page.getByTestId('outcome-unknown')).toBeVisible();
  await expect(banner(page)).toContainText(`the outcome is unknown for ${foreignId} (made by ${NAME} on ${COMPUTER})`);

  await banner(page).getByRole('link', { name: 'Check in History' }).click();
  const dialog = await openDetail(page, foreignId);
  await expect(dialog.getByTestId('detail-resolved')).toHaveCount(0);
  const help = dialog.getByTestId('unknown-help');
  await help.getByRole('radio', { name: /It succeeded/ }).check();
  await help.getByLabel('Note').fill('The invoice is in the back office');
  await help.getByRole('button', { name: 'Record what happened' }).click();

  await expect(dialog.getByTestId('detail-state')).toContainText('Succeeded');
  await expect(dialog.getByTestId('detail-resolved')).toContainText(new RegExp(`^Resolved by ${NAME} on ${COMPUTER} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC`));
  await expect(banner(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await choose(page, 'state', 'Any state');
  await expect(madeBy(page, foreignId)).toHaveText(`${NAME} on ${COMPUTER}`);
});

test('a team journal out of reach is a notice saying why, in History and in the banner, not an error', async ({ page, bridge }) => {
  const why = 'The team journal at db.example.com:5432/finance cannot be reached: nothing answered in 5 s. Lookups still work.';
  bridge.failNext('journal.search', { kind: 'journal_unavailable', message: why });
  await openHistory(page);
  const notice = page.getByTestId('journal-unavailable');
  await expect(notice).toContainText(`The team journal cannot be reached. ${why}`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No payment recorded yet: no invoice, exchange or deposit address.')).toBeVisible();

  // The banner lists the unknown outcomes on start: when it cannot, it says so.
  bridge.failNext('journal.attention', { kind: 'journal_unavailable', message: why });
  await page.reload();
  await expect(banner(page)).toHaveText(`The team journal cannot be reached: operations that need a check cannot be listed until it is back. ${why}`);
});
