import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-book.ts';
import { COPY_ASKED_AND_GRANTED, readClipboard } from '../harness/clipboard.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import {
  banner,
  cell,
  choose,
  detail,
  historyRows,
  invoiceAndLookup,
  openDetail,
  openButton,
  openHistory,
  searchField,
  show,
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
import { exampleTransaction, lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * One entry of History in full: what was sent and answered without personal data, what can be done
 * with it (look up now, a new invoice like this), a lost answer resolved by a person, and the dispute
 * report a lookup makes. The list, its search and the CSV export are history-list.spec.ts.
 */

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
  await show(page, 'everything');
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
  await expect(searchField(page, 'state')).toHaveValue('unknown');
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
  await choose(page, 'state', 'Succeeded');
  await expect(cell(rows.first(), 'foreign-id')).toHaveText(foreignId);
});

test('a lookup makes a dispute report PDF', async ({ page, services, electronApp }) => {
  // The person saves the report under the suggested name, in an exports folder.
  const exportsDir = join(electronApp.dataDir, 'exports');
  await mkdir(exportsDir);
  electronApp.standin.desktop.answerSaveDialog((options) => ({ canceled: false, filePath: join(exportsDir, basename(options.defaultPath ?? '')) }));
  const made = await invoiceAndLookup(page, services);

  // The report names the merchant typed on the profile the lookup was made on (the service names none).
  await setMerchantName(page, 'Local sandbox', '  Acme GmbH ');
  await openHistory(page);
  // The lookup is a read: shown with the lookups (the export before it, in the list's spec, had left History there).
  await show(page, 'lookups');
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
