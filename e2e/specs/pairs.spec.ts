import type { Page } from '@playwright/test';
import type { Pair } from '../../shared/api/pair.ts';
import type { MainServices } from '../../electron/app/index.ts';
import { compareDecimals } from '../../shared/money/decimal.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import {
  cellValue,
  columnHeader,
  expectPairsLoaded,
  filterField,
  openPairs,
  pairsTable,
  renderedPairs,
  rowAt,
  sortButton,
} from '../scenarios/pairs.ts';
import { openScreen } from '../scenarios/profiles.ts';
import { clearSandboxFaults, setSandboxFault } from '../scenarios/transactions.ts';

/** The list the screen shows: main keeps it per profile, so asking main again answers the same list. */
async function listedPairs(services: MainServices): Promise<Pair[]> {
  const answer = await services.router.handle('pairs.list', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return (answer.value as { pairs: Pair[] }).pairs;
}

const byDecimal = (values: string[]) => [...values].sort(compareDecimals);

const scrollRegion = (page: Page) => page.getByRole('region', { name: 'Currency pairs, scrollable' });

test('the table lists the service’s pairs, exactly, under the reference-only banner', async ({ page, services }) => {
  await openPairs(page);
  await expectPairsLoaded(page);
  const banner = page.getByRole('note');
  await expect(banner).toContainText('Reference rates only');
  await expect(banner).toContainText('not used to price exchanges');

  const pairs = await listedPairs(services);
  expect(pairs.length).toBeGreaterThan(50);
  await expect(pairsTable(page)).toHaveAttribute('aria-rowcount', String(pairs.length + 1));
  await expect(page.getByText(`Showing all ${pairs.length} pairs`)).toBeVisible();
  await expect(page.getByTestId('pairs-fetched')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);

  // The rows keep the service's order and its exact decimal text.
  const first = pairs[0];
  if (!first) throw new Error('no pairs');
  const row = rowAt(page, 0);
  expect(await cellValue(row, 'From')).toBe(first.currency_from.currency);
  expect(await cellValue(row, 'From type')).toBe(first.currency_from.type);
  expect(await cellValue(row, 'To')).toBe(first.currency_to.currency);
  expect(await cellValue(row, 'To type')).toBe(first.currency_to.type);
  expect(await cellValue(row, 'Min amount')).toBe(first.currency_from.min_amount);
  expect(await cellValue(row, 'Min deposit with exchange')).toBe(first.currency_from.min_amount_deposit_with_exchange);
  expect(await cellValue(row, 'Rate from')).toBe(first.rate_from);
  expect(await cellValue(row, 'Rate to')).toBe(first.rate_to);

  await screenshotBothThemes(page, 'pairs');

  // Virtualised: only the rows in view are in the DOM, yet the last pair is reachable by keyboard.
  expect(await pairsTable(page).getByTestId('pair-row').count()).toBeLessThan(pairs.length);
  await scrollRegion(page).focus();
  await page.keyboard.press('End');
  const last = pairs.at(-1);
  await expect(rowAt(page, pairs.length - 1)).toBeVisible();
  expect(await cellValue(rowAt(page, pairs.length - 1), 'To')).toBe(last?.currency_to.currency);
  await page.keyboard.press('Home');
  await expect(rowAt(page, 0)).toBeVisible();
});

test('the filter narrows the rows as you type, by code or type; no match says so', async ({ page, services }) => {
  await openPairs(page);
  await expectPairsLoaded(page);
  const pairs = await listedPairs(services);

  await filterField(page).pressSequentially('btc');
  const withBtc = pairs.filter((p) => p.currency_from.currency === 'BTC' || p.currency_to.currency === 'BTC').length;
  await expect(pairsTable(page)).toHaveAttribute('aria-rowcount', String(withBtc + 1));
  await expect(page.getByText(`Showing ${withBtc} of ${pairs.length} pairs`)).toBeVisible();

  await filterField(page).pressSequentially(' eur');
  await expect(pairsTable(page)).toHaveAttribute('aria-rowcount', '3');
  expect(await renderedPairs(page)).toEqual(['BTC>EUR', 'EUR>BTC']);

  await filterField(page).fill('fiat');
  const fiat = pairs.filter((p) => p.currency_from.type === 'fiat' || p.currency_to.type === 'fiat').length;
  expect(fiat).toBeLessThan(pairs.length);
  await expect(pairsTable(page)).toHaveAttribute('aria-rowcount', String(fiat + 1));

  // XRP and TRX are not exchanged with each other in the sandbox (market.ts, BLOCKED_PAIRS).
  await filterField(page).fill('xrp trx');
  await expect(page.getByText('No pairs match “xrp trx”.')).toBeVisible();
  await expect(scrollRegion(page)).toBeHidden();
  await page.getByRole('button', { name: 'Clear the filter' }).click();
  await expect(filterField(page)).toHaveValue('');
  await expect(page.getByText(`Showing all ${pairs.length} pairs`)).toBeVisible();
});

test('a column sorts by mouse and by keyboard, amounts as decimals, and says so with aria-sort', async ({ page, services }) => {
  await openPairs(page);
  await expectPairsLoaded(page);
  const pairs = await listedPairs(services);
  const rates = byDecimal(pairs.map((p) => p.rate_to));

  await expect(columnHeader(page, 'Rate to')).toHaveAttribute('aria-sort', 'none');
  await sortButton(page, 'Rate to').click();
  await expect(columnHeader(page, 'Rate to')).toHaveAttribute('aria-sort', 'ascending');
  expect(await cellValue(rowAt(page, 0), 'Rate to')).toBe(rates[0]);
  expect(await cellValue(rowAt(page, 1), 'Rate to')).toBe(rates[1]);
  await sortButton(page, 'Rate to').click();
  await expect(columnHeader(page, 'Rate to')).toHaveAttribute('aria-sort', 'descending');
  expect(await cellValue(rowAt(page, 0), 'Rate to')).toBe(rates.at(-1));

  // Keyboard: the header is a button, so Tab reaches it and Enter or Space sorts.
  const mins = byDecimal(pairs.flatMap((p) => (p.currency_from.min_amount === undefined ? [] : [p.currency_from.min_amount])));
  await sortButton(page, 'Min amount').focus();
  await page.keyboard.press('Enter');
  await expect(columnHeader(page, 'Min amount')).toHaveAttribute('aria-sort', 'ascending');
  await expect(columnHeader(page, 'Rate to')).toHaveAttribute('aria-sort', 'none');
  expect(await cellValue(rowAt(page, 0), 'Min amount')).toBe(mins[0]);
  await page.keyboard.press('Space');
  await expect(columnHeader(page, 'Min amount')).toHaveAttribute('aria-sort', 'descending');
  expect(await cellValue(rowAt(page, 0), 'Min amount')).toBe(mins.at(-1));
  // Pairs from a fiat currency have no minimum: they stay at the end either way.
  await scrollRegion(page).focus();
  await page.keyboard.press('End');
  await expect(rowAt(page, pairs.length - 1)).toBeVisible();
  await expect(rowAt(page, pairs.length - 1).locator('td[data-column="minAmount"]')).toHaveText('none');
  expect(await cellValue(rowAt(page, pairs.length - 1), 'From type')).toBe('fiat');

  // Text columns sort as text; sorting works on the filtered rows too.
  await filterField(page).fill('eur');
  await sortButton(page, 'From').click();
  await expect(columnHeader(page, 'From')).toHaveAttribute('aria-sort', 'ascending');
  await expect(columnHeader(page, 'Min amount')).toHaveAttribute('aria-sort', 'none');
  const shown = await renderedPairs(page);
  expect(shown.map((p) => p.split('>')[0])).toEqual([...shown.map((p) => p.split('>')[0])].sort());
});

test('Refresh asks the service again, and a failed refresh can be tried again', async ({ page, services, bridge }) => {
  await openPairs(page);
  await expectPairsLoaded(page);
  const calls = () => bridge.calls.filter((c) => c === 'pairs.list').length;
  const before = calls();
  const fetched = page.getByTestId('pairs-fetched').locator('time');
  const firstFetch = await fetched.getAttribute('datetime');

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('announcer')).toContainText('Pairs refreshed');
  expect(calls()).toBe(before + 1);
  await expect(fetched).not.toHaveAttribute('datetime', firstFetch ?? '');

  // The network fails: the refresh says so, keeps the list on screen, and Try again recovers.
  await setSandboxFault(services, 'currencies/pairs', 'reset');
  await page.getByRole('button', { name: 'Refresh' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not talk to the service' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('the connection was closed');
  await expect(rowAt(page, 0)).toBeVisible();
  await clearSandboxFaults(services);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByTestId('announcer')).toContainText('Pairs refreshed');
  expect(calls()).toBe(before + 3);
});

test('an error from the service on loading shows in plain words, and Try again recovers', async ({ page, bridge }) => {
  // Started afresh on Profiles, so that the Pairs screen is the first to ask for the list (the
  // invoice form, the usual first screen, shares it).
  await openScreen(page, 'Profiles');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible();
  bridge.failNext('pairs.list', { kind: 'service', status: 502, message: 'The service failed to answer (HTTP 502). Try again later.' });
  await openPairs(page);
  const alert = page.getByRole('alert').filter({ hasText: 'The service failed to answer (HTTP 502). Try again later.' });
  await expect(alert).toBeVisible();
  await expect(pairsTable(page)).toHaveCount(0);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expectPairsLoaded(page);
  await expect(alert).toBeHidden();
});
