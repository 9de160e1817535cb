import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import {
  balanceRow,
  balancesTable,
  exactBalance,
  exchangeThroughMain,
  expectRowsAsInSandbox,
  openBalances,
  refreshButton,
  sandboxBalanceOf,
} from '../scenarios/balances.ts';
import { amountField, fillQuote, getQuote, liveQuote, openQuote, quoteForm } from '../scenarios/quote.ts';
import { clearFaults, setFault } from '../scenarios/sandbox.ts';

/*
 * Balances: accounts/list through main, from the local sandbox, whose balances start
 * from example opening balances and move with its own invoices, exchanges and withdrawals
 * (electron/sandbox/model/balances.ts). The screen shows them digit for digit; so does the quote form.
 */

test('every currency with its type and exact balance, zeros included, with its fetch time; Refresh shows what moved', async ({ page, services }) => {
  await openBalances(page);
  await expectRowsAsInSandbox(page, services);
  // The sandbox holds no LTC at first: a zero is listed, quieter, not left out.
  await expect(exactBalance(page, 'LTC')).toHaveAttribute('data-exact', '0.00000000');
  await expect(balanceRow(page, 'LTC')).toHaveClass('balance-zero');
  // At the currency's places: EUR is fiat, 2; what the service sent stays in data-exact.
  await expect(exactBalance(page, 'EUR')).toHaveText('50,000.00');
  const fetched = page.getByTestId('balances-fetched');
  await expect(fetched).toContainText(/Fetched \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  await screenshotBothThemes(page, 'balances');

  // Money moves behind the screen's back: it shows the figures it fetched, until Refresh.
  const btcBefore = await sandboxBalanceOf(services, 'BTC');
  const fetchedBefore = Date.parse((await fetched.getAttribute('data-fetched-at')) ?? '');
  await exchangeThroughMain(services, { from: 'BTC', to: 'EUR', amount: '0.1' });
  const btcAfter = await sandboxBalanceOf(services, 'BTC');
  expect(btcAfter).not.toBe(btcBefore);
  await expect(exactBalance(page, 'BTC')).toHaveAttribute('data-exact', btcBefore);
  await refreshButton(page).click();
  await expect(exactBalance(page, 'BTC')).toHaveAttribute('data-exact', btcAfter);
  await expectRowsAsInSandbox(page, services);
  await expect(page.getByTestId('announcer')).toHaveText(/^Balances refreshed: \d+ currencies$/);
  // Shown to the second, so a refresh within the same second reads the same: the exact time moves on.
  const fetchedAfter = Date.parse((await fetched.getAttribute('data-fetched-at')) ?? '');
  expect(fetchedAfter).toBeGreaterThan(fetchedBefore);
  await expect(fetched).toContainText(/Fetched \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
});

test('Alt+7 opens Balances; the heading takes the focus, and Refresh is reached with Tab and shows its focus', async ({ page }) => {
  await page.keyboard.press('Alt+7');
  await expect(page.getByRole('heading', { level: 1, name: 'Balances' })).toBeFocused();
  await expect(balancesTable(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(refreshButton(page)).toBeFocused();
  const ring = await refreshButton(page).evaluate((el) => {
    const style = (globalThis as unknown as PageGlobals).getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('announcer')).toHaveText(/^Balances refreshed/);
});

test('main refuses a request with fields; a service error and a network failure are explained, and the last figures stay', async ({ page, services }) => {
  // The channel takes nothing: anything more from the renderer is refused before the service is asked.
  const refused = await page.evaluate(() => (globalThis as unknown as PageGlobals).merchantConsole?.invoke('accounts.list', { currency: 'BTC' }));
  expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });

  await setFault(services, 'accounts/list', { kind: 'status-500' });
  await openBalances(page);
  const failed = page.getByRole('alert').filter({ hasText: 'HTTP 500' });
  await expect(failed).toBeVisible();
  await expect(balancesTable(page)).toHaveCount(0);
  await clearFaults(services);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expectRowsAsInSandbox(page, services);

  // The service cannot be reached: the figures stay, marked with their time and why they are not newer.
  const fetchedAt = await page.getByTestId('balances-fetched').textContent();
  await setFault(services, 'accounts/list', { kind: 'reset' });
  await refreshButton(page).click();
  const stale = page.getByTestId('balances-stale');
  await expect(stale).toContainText('Could not refresh the balances: Could not talk to the service');
  await expect(stale).toContainText('The figures below are the last ones fetched');
  await expect(page.getByTestId('balances-fetched')).toHaveText(fetchedAt ?? '');
  await expectRowsAsInSandbox(page, services);
  await screenshotBothThemes(page, 'balances-stale');
  await clearFaults(services);
  await stale.getByRole('button', { name: 'Try again' }).click();
  await expect(stale).toHaveCount(0);
});

test('Live quote shows the From balance and warns, without blocking, when the amount to send is more', async ({ page, services }) => {
  await openQuote(page);
  const btc = await sandboxBalanceOf(services, 'BTC');
  await fillQuote(page, { from: 'BTC', to: 'EUR', side: 'send', amount: '0.5' });
  const line = quoteForm(page).getByTestId('from-balance');
  await expect(line.locator('.amount')).toHaveAttribute('data-exact', btc);
  await expect(line).toContainText('BTC balance:');
  const warning = quoteForm(page).getByTestId('balance-warning');
  await expect(warning).toBeEmpty();

  await amountField(page).fill('2');
  await expect(warning).toHaveText('Warning: The amount to send, 2 BTC, is more than the BTC balance. The service may refuse the exchange.');
  // Only a warning: the quote is still asked for, and given.
  await amountField(page).press('Enter');
  await expect(liveQuote(page)).toBeVisible();
  await screenshotBothThemes(page, 'quote-balance-warning');

  // On the receive side, the quote says how much is sent.
  await getQuote(page, { from: 'ETH', to: 'EUR', side: 'receive', amount: '1000000' });
  await expect(line).toContainText('ETH balance:');
  await expect(warning).toHaveText(/^Warning: The amount to send, [\d.]+ ETH, is more than the ETH balance\./);

  await getQuote(page, { from: 'BTC', to: 'EUR', side: 'send', amount: '0.01' });
  await expect(warning).toBeEmpty();
});

test('when the balances cannot be had, the quote form says so quietly and still quotes', async ({ page, services }) => {
  await setFault(services, 'accounts/list', { kind: 'status-500' });
  await openQuote(page);
  await expect(quoteForm(page).getByTestId('from-balance-unavailable')).toHaveText('The balance could not be fetched just now; the Balances screen says why.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await getQuote(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  await expect(liveQuote(page)).toBeVisible();
});
