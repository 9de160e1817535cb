import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { openScreen } from './profiles.ts';

/** The Pairs screen's steps and readings, shared by its spec (and any suite that wants them). */

export const COLUMN_IDS = {
  From: 'from',
  'From type': 'fromType',
  To: 'to',
  'To type': 'toType',
  'Min amount': 'minAmount',
  'Min deposit with exchange': 'minWithExchange',
  'Rate from': 'rateFrom',
  'Rate to': 'rateTo',
} as const;
export type ColumnName = keyof typeof COLUMN_IDS;

export const pairsTable = (page: Page): Locator => page.getByTestId('pairs-table');

export async function openPairs(page: Page): Promise<void> {
  await openScreen(page, 'Pairs');
}

export async function expectPairsLoaded(page: Page): Promise<void> {
  await expect(pairsTable(page).getByTestId('pair-row').first()).toBeVisible();
}

export const filterField = (page: Page): Locator => page.getByRole('searchbox', { name: 'Filter' });

export const columnHeader = (page: Page, name: ColumnName): Locator => pairsTable(page).getByRole('columnheader', { name, exact: true });

export const sortButton = (page: Page, name: ColumnName): Locator => columnHeader(page, name).getByRole('button');

/** The row at a position of the filtered, sorted list (0 = first), wherever the virtualiser put it. */
export const rowAt = (page: Page, index: number): Locator => pairsTable(page).locator(`tbody tr[aria-rowindex="${index + 2}"]`);

/** The exact decimal text of an amount cell (data-exact), or its text when it has none. */
export async function cellValue(row: Locator, column: ColumnName): Promise<string> {
  const cell = row.locator(`td[data-column="${COLUMN_IDS[column]}"]`);
  const exact = cell.locator('[data-exact]');
  if ((await exact.count()) > 0) return (await exact.getAttribute('data-exact')) ?? '';
  return (await cell.innerText()).trim();
}

/** The From and To codes of every rendered row, in order. */
export async function renderedPairs(page: Page): Promise<string[]> {
  const rows = pairsTable(page).getByTestId('pair-row');
  const texts: string[] = [];
  for (const row of await rows.all()) texts.push(`${await cellValue(row, 'From')}>${await cellValue(row, 'To')}`);
  return texts;
}
