import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/core/services/index.ts';
import { openScreen } from './profiles.ts';

/**
 * The transaction lookup as a person does it, and the local sandbox's control endpoints the specs
 * use to find its preloaded examples (electron/sandbox/examples.ts) and to break its network.
 */

export type SandboxTransaction = { id: number; merchant_key: string; kind: string; type: string; foreign_id: string | null; status: string };

export function sandboxOrigin(services: MainServices): string {
  const baseUrl = services.sandbox.baseUrl();
  if (!baseUrl) throw new Error('The local sandbox is not running');
  return new URL(baseUrl).origin;
}

async function control(services: MainServices, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandboxOrigin(services)}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Every transaction of one merchant (or of all), as GET /sandbox/state lists them. */
export async function sandboxTransactions(services: MainServices, merchantKey?: string): Promise<SandboxTransaction[]> {
  const query = merchantKey ? `?merchant=${encodeURIComponent(merchantKey)}` : '';
  const state = (await control(services, 'GET', `/sandbox/state${query}`)) as { transactions: SandboxTransaction[] };
  return state.transactions;
}

export async function exampleTransaction(
  services: MainServices,
  match: (t: SandboxTransaction) => boolean,
  merchantKey?: string,
): Promise<SandboxTransaction> {
  const found = (await sandboxTransactions(services, merchantKey)).find(match);
  if (!found) throw new Error('The sandbox has no such example transaction');
  return found;
}

export async function addSandboxMerchant(services: MainServices, key: string, secret: string): Promise<void> {
  await control(services, 'POST', '/sandbox/merchants', { key, secret, name: 'Another merchant' });
}

/** Breaks one endpoint of the sandbox (electron/sandbox/faults.ts) until clearSandboxFaults. */
export async function setSandboxFault(services: MainServices, path: string, fault: string): Promise<void> {
  await control(services, 'POST', '/sandbox/faults', { path, fault });
}

export async function clearSandboxFaults(services: MainServices): Promise<void> {
  await control(services, 'DELETE', '/sandbox/faults');
}

export const lookupForm = (page: Page): Locator => page.getByRole('form', { name: 'Look up a transaction' });

export async function openTransactions(page: Page): Promise<void> {
  await openScreen(page, 'Transactions');
}

/** Chooses what to look up by, types the value and presses Enter. */
export async function fillLookup(page: Page, by: 'id' | 'foreign_id', value: string): Promise<Locator> {
  const form = lookupForm(page);
  await form.getByRole('radio', { name: by === 'id' ? 'Transaction id' : 'Foreign id (withdrawals only)' }).check();
  const field = form.getByLabel(by === 'id' ? 'Id' : 'Foreign id', { exact: true });
  await field.fill(value);
  return field;
}

export async function lookUp(page: Page, by: 'id' | 'foreign_id', value: string): Promise<void> {
  const field = await fillLookup(page, by, value);
  await field.press('Enter');
}

export async function lookUpAndWait(page: Page, by: 'id' | 'foreign_id', value: string): Promise<Locator> {
  await lookUp(page, by, value);
  const result = page.getByTestId('lookup-result');
  await expect(result).toBeVisible();
  return result;
}

/** One entry of the result, by its heading ("On-chain transfer", "Exchange", "Internal transfer"). */
export const entrySection = (page: Page, kind: 'blockchain' | 'internal' | 'exchange'): Locator => page.getByTestId(`entry-${kind}`);
