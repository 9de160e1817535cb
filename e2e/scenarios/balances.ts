import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import { openScreen } from './profiles.ts';
import { sandboxState } from './sandbox.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';

/**
 * The Balances screen as a person uses it, and the balances the local sandbox holds behind the API
 * (electron/sandbox/model/balances.ts), which the screen must show digit for digit.
 */

export type SandboxBalance = { currency: string; type: string; balance: string };

export async function openBalances(page: Page): Promise<void> {
  await openScreen(page, 'Balances');
}

export const balancesTable = (page: Page): Locator => page.getByRole('table', { name: 'Balances by currency' });
export const balanceRow = (page: Page, currency: string): Locator => balancesTable(page).locator(`tr[data-currency="${currency}"]`);
/** The exact decimal a row shows (components/Amount keeps it in data-exact). */
export const exactBalance = (page: Page, currency: string): Locator => balanceRow(page, currency).locator('[data-column="balance"] .amount');
export const refreshButton = (page: Page): Locator => page.getByRole('button', { name: /^(Refresh|Refreshing…)$/ });

/** The balances of the app's own sandbox merchant (the first), as accounts/list answers them. */
export async function sandboxBalances(services: MainServices): Promise<SandboxBalance[]> {
  const state = await sandboxState(services);
  const own = state.merchants[0]?.key ?? '';
  return (state.balances[own] ?? []) as SandboxBalance[];
}

export async function sandboxBalanceOf(services: MainServices, currency: string): Promise<string> {
  const found = (await sandboxBalances(services)).find((b) => b.currency === currency);
  if (!found) throw new Error(`The sandbox lists no ${currency} balance`);
  return found.balance;
}

/**
 * Moves money behind the page's back: a quote and a fixed exchange through main's own router, as
 * another window of the app would. Answers the exchange's foreign id.
 */
export async function exchangeThroughMain(services: MainServices, request: { from: string; to: string; amount: string }): Promise<string> {
  const quoted = await services.router.handle('quotes.calculate', { sender_currency: request.from, receiver_currency: request.to, sender_amount: request.amount });
  if (!quoted.ok) throw new Error(`quotes.calculate failed: ${JSON.stringify(quoted.error)}`);
  const { quoteId } = quoted.value as { quoteId: string };
  const foreignId = newForeignId('exch');
  const placed = await services.router.handle('exchange.place', { quoteId, foreignId });
  if (!placed.ok) throw new Error(`exchange.place failed: ${JSON.stringify(placed.error)}`);
  return foreignId;
}

export async function expectRowsAsInSandbox(page: Page, services: MainServices): Promise<void> {
  const expected = await sandboxBalances(services);
  await expect(balancesTable(page).locator('tbody tr')).toHaveCount(expected.length);
  for (const { currency, type, balance } of expected) {
    await expect(exactBalance(page, currency)).toHaveAttribute('data-exact', balance);
    await expect(balanceRow(page, currency).locator('[data-column="type"]')).toHaveText(type === 'crypto' ? 'Crypto' : 'Fiat');
  }
}
