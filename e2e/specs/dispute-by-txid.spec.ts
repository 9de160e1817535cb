import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { expect, test } from '../harness/fixtures.ts';
import { cell, historyRows, openDetail, openHistory, searchField, searchText } from '../scenarios/history.ts';
import { createInvoice, field, fillInvoice, leaveOutSender, openInvoices, ORDER } from '../scenarios/invoices.ts';
import { payInvoice } from '../scenarios/sandbox.ts';
import { lookUpAndWait, openTransactions, sandboxTransactions } from '../scenarios/transactions.ts';

/*
 * A dispute by txid, from the lookup to the PDF: a customer paid an invoice and has only
 * the hash from their wallet. Staff look it up by that hash, find the lookup again in History by the
 * same hash, and make the dispute report, which names the hash, the transaction it matched and the
 * invoice the service's callback names for it. The PDF is read back with pdftotext, as history-detail.spec does.
 */

test('a dispute by txid, from the lookup to the PDF', async ({ page, services, electronApp }) => {
  // The merchant's invoice, made in the console, paid from the customer's wallet.
  await openInvoices(page);
  await fillInvoice(page, { ...ORDER, currency: 'BTC', amount: '0.01' });
  await leaveOutSender(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  const invoiceId = await createInvoice(page);
  const depositId = await payInvoice(services, Number(invoiceId), { amount: '0.01' });
  const deposit = (await sandboxTransactions(services)).find((t) => t.id === depositId);
  const hash = deposit?.txids[0] ?? '';
  expect(hash).toMatch(/^[0-9a-f]{64}$/);

  // The customer gives the hash: staff look it up by it.
  await openTransactions(page);
  const result = await lookUpAndWait(page, 'txid', hash);
  await expect(result.getByRole('heading', { name: `Transaction ${depositId}` })).toBeVisible();
  await expect(result.getByTestId('tx-type')).toContainText('Deposit');
  await expect(result.getByTestId('found-by-hash')).toContainText(hash);

  // Weeks later: History finds that lookup by the same hash, and only it.
  await openHistory(page);
  await searchText(page, hash);
  // History opens on the payments; a lookup is one click away from the empty list.
  await expect(page.getByText('No entry matches this search.')).toBeVisible();
  await page.getByRole('button', { name: 'Show everything' }).click();
  await expect(searchField(page, 'text')).toHaveValue(hash);
  const rows = historyRows(page);
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'operation')).toHaveText('Lookup');
  await expect(cell(rows.first(), 'outcome')).toHaveText(/^Found: [A-Z]/);
  await expect(cell(rows.first(), 'service-id')).toHaveText(String(depositId));
  const dialog = await openDetail(page, String(depositId));
  await expect(dialog.getByTestId('detail-txids')).toContainText(hash);

  // The sandbox told the app's receiver of the payment, as the service tells the merchant's.
  await expect.poll(async () => (await services.sandbox.ensure()).flushCallbacks()).toBe(0);

  // The dispute report, saved where the person chooses in main's save dialog.
  const exportsDir = join(electronApp.dataDir, 'exports');
  await mkdir(exportsDir);
  electronApp.standin.desktop.answerSaveDialog((options) => ({ canceled: false, filePath: join(exportsDir, basename(options.defaultPath ?? '')) }));
  await dialog.getByRole('button', { name: 'Dispute report (PDF)' }).click();
  const saved = dialog.getByTestId('dispute-saved');
  await expect(saved).toContainText('Dispute report saved to');
  const pdfPath = (await saved.locator('.mono').textContent()) ?? '';
  expect(pdfPath).toMatch(new RegExp(`transaction-${depositId}-dispute-report\\.pdf$`));
  const pdf = await readFile(pdfPath);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  const flat = text.replace(/\s+/g, ' ');
  // A long hash may wrap in the PDF: it is read with the spaces taken out.
  expect(text.replace(/\s+/g, '')).toContain(`Hashthecustomergave:${hash}`);
  expect(flat).toContain(`It matched transaction ${depositId}`);
  // The invoice is the one the service's callback names for this hash, not a match by reference.
  expect(flat).toContain(`Invoice ${foreignId} (named by the service)`);
  expect(flat).toContain("The service's callback for this payment names this invoice.");
  expect(flat).toContain(`Service id: ${invoiceId}`);
});
