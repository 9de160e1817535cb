import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { answerSavesInto } from '../harness/preview-saves.ts';
import { expect, test } from '../harness/fixtures.ts';
import { openDetail, openHistory, show } from '../scenarios/history.ts';
import { createInvoice, fillInvoice, leaveOutSender, openInvoices, ORDER } from '../scenarios/invoices.ts';
import { payInvoice } from '../scenarios/sandbox.ts';
import { lookUpAndWait, openTransactions, sandboxTransactions } from '../scenarios/transactions.ts';

/*
 * In `npm run preview` a person, not a test, answers the save dialogs, and the stand-in draws none:
 * the preview answers each with its data folder's exports/ (harness/preview-saves.ts), as
 * harness/preview.ts sets it up. Export CSV and the dispute report save there, say where, and a
 * second export keeps the first. No answer is queued here: an unanswered dialog would be cancelled
 * and reported as a problem, which fails the test.
 */

test('in the preview, Export CSV and the dispute report save into the data folder\'s exports/ and say where', async ({ page, services, electronApp }) => {
  const exportsDir = join(electronApp.dataDir, 'exports');
  answerSavesInto(electronApp.standin.desktop, exportsDir);

  await openInvoices(page);
  await fillInvoice(page, { ...ORDER, currency: 'BTC', amount: '0.01' });
  await leaveOutSender(page);
  const invoiceId = await createInvoice(page);
  const depositId = await payInvoice(services, Number(invoiceId), { amount: '0.01' });
  const hash = (await sandboxTransactions(services)).find((t) => t.id === depositId)?.txids[0] ?? '';
  await openTransactions(page);
  await lookUpAndWait(page, 'txid', hash);

  await openHistory(page);
  await show(page, 'everything');
  const exportCsv = page.getByRole('button', { name: 'Export CSV' });
  const result = page.getByTestId('export-result');
  await exportCsv.click();
  await expect(result).toContainText('Wrote 2 rows to');
  const first = (await result.locator('.mono').textContent()) ?? '';
  expect(first).toMatch(/^.+[\\/]exports[\\/]merchant-console-history-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(first.startsWith(exportsDir)).toBe(true);
  expect(await readFile(first, 'utf8')).toContain(invoiceId);

  // The second export of the day keeps the first.
  await exportCsv.click();
  await expect(result).toContainText(first.replace(/\.csv$/, ' (2).csv'));
  expect(await readFile(first.replace(/\.csv$/, ' (2).csv'), 'utf8')).toContain(invoiceId);

  const dialog = await openDetail(page, String(depositId));
  await dialog.getByRole('button', { name: 'Dispute report (PDF)' }).click();
  const saved = dialog.getByTestId('dispute-saved');
  await expect(saved).toContainText('Dispute report saved to');
  const pdfPath = (await saved.locator('.mono').textContent()) ?? '';
  expect(pdfPath).toBe(join(exportsDir, `transaction-${depositId}-dispute-report.pdf`));
  expect((await readFile(pdfPath)).subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(electronApp.standin.desktop.saveDialogs).toHaveLength(3);
});
