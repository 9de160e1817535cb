import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { wordsOn } from '../harness/words.ts';
import type { MessageId } from '../../shared/i18n/index.ts';
import type { MainServices } from '../../electron/app/index.ts';
import { createInvoice, field, fillInvoice, leaveOutSender, openInvoices } from './invoices.ts';
import { openScreen } from './profiles.ts';
import { exampleTransaction, lookUpAndWait, openTransactions } from './transactions.ts';

/**
 * The History steps as a person does them: search the journal, open an entry, act on it. The
 * journal itself is written by main as the other screens submit and look up.
 */

export const searchForm = (page: Page): Locator => page.getByRole('form', { name: wordsOn(page)('history.search.label') });
/** The search form's fields, each by its catalogue label: the same field in the run's language. */
const SEARCH_FIELDS = {
  text: 'history.search.text',
  show: 'history.search.show',
  operation: 'history.search.operation',
  state: 'history.search.state',
  person: 'history.search.person',
  serviceStatus: 'history.search.serviceStatus',
  from: 'history.search.from',
  to: 'history.search.to',
} as const satisfies Record<string, MessageId>;
export type SearchField = keyof typeof SEARCH_FIELDS;

export const searchField = (page: Page, field: SearchField): Locator => searchForm(page).getByLabel(wordsOn(page)(SEARCH_FIELDS[field]), { exact: true });
export const historyRows = (page: Page): Locator => page.locator('table.history-table tbody tr');
export const detail = (page: Page): Locator => page.getByTestId('entry-detail');
export const banner = (page: Page): Locator => page.getByTestId('attention-banner');

/**
 * A row's cell by its column (data-column in HistoryTable.tsx). `outcome` is the outcome in words,
 * which keeps the journal's state and the service's status as data-state and data-service-status.
 */
export const cell = (row: Locator, column: 'operation' | 'outcome' | 'foreign-id' | 'service-id' | 'title' | 'amount' | 'made-by' | 'address'): Locator =>
  column === 'outcome' ? row.locator('td[data-column="outcome"] [data-state]') : row.locator(`[data-column="${column}"]`);

export async function openHistory(page: Page): Promise<void> {
  const words = wordsOn(page);
  await openScreen(page, words('nav.history'), words('history.title'));
  await expect(searchForm(page)).toBeVisible();
}

/** Types the search text and presses Enter, as staff do. */
export async function searchText(page: Page, text: string): Promise<void> {
  await searchField(page, 'text').fill(text);
  await searchField(page, 'text').press('Enter');
}

/** Picks a value in one of the lists; a choice searches at once. */
export async function choose(page: Page, field: 'show' | 'operation' | 'state' | 'serviceStatus', option: string): Promise<void> {
  await searchField(page, field).selectOption({ label: option });
}

/** What History lists: its payments (as it opens), the lookups, or every entry. */
export async function show(page: Page, kind: 'payments' | 'lookups' | 'everything'): Promise<void> {
  const shown = wordsOn(page)(`history.search.show.${kind}`);
  await choose(page, 'show', shown);
  await expect(searchField(page, 'show').locator('option:checked')).toHaveText(shown);
}

export async function dateRange(page: Page, from: string, to: string): Promise<void> {
  await searchField(page, 'from').fill(from);
  await searchField(page, 'to').fill(to);
  await searchField(page, 'to').press('Enter');
}

export async function clearSearch(page: Page): Promise<void> {
  await searchForm(page).getByRole('button', { name: wordsOn(page)('history.search.clear') }).click();
}

/** The button that opens a row's detail: what the entry is ("Invoice", "Lookup"). */
export const openButton = (row: Locator): Locator => row.locator('td[data-column="operation"]').getByRole('button');

/** Opens the detail of the row that holds `text` (a foreign id, a service id), from the keyboard. */
export async function openDetail(page: Page, text: string): Promise<Locator> {
  const row = historyRows(page).filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await openButton(row).focus();
  await openButton(row).press('Enter');
  await expect(detail(page)).toBeVisible();
  return detail(page);
}

/** Today as a UTC day, YYYY-MM-DD, shifted by `days`. */
export function utcDay(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export type Made = { foreignId: string; invoiceId: string; depositId: number };

/** Through the UI: an invoice (sender left out), then a lookup of a confirmed deposit. */
export async function invoiceAndLookup(page: Page, services: MainServices): Promise<Made> {
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
