import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import type { Fault } from '../../electron/sandbox/index.ts';
import type { MessageId } from '../../shared/i18n/index.ts';
import { wordsOn } from '../harness/words.ts';
import { openScreen } from './profiles.ts';
import { addMerchant, clearFaults, sandboxState, setFault } from './sandbox.ts';

/**
 * The transaction lookup as a person does it, and the local sandbox's control endpoints the specs
 * use to find its preloaded examples (electron/sandbox/model/examples.ts) and to break its network.
 */

export type SandboxTransaction = {
  id: number;
  merchant_key: string;
  kind: string;
  type: string;
  foreign_id: string | null;
  status: string;
  /** The hashes of its entries on the chain, as the customer's wallet shows them. */
  txids: string[];
};

/** Every transaction of one merchant (or of all), as GET /sandbox/state lists them. */
export async function sandboxTransactions(services: MainServices, merchantKey?: string): Promise<SandboxTransaction[]> {
  return (await sandboxState(services, merchantKey)).transactions as unknown as SandboxTransaction[];
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
  await addMerchant(services, { key, secret, name: 'Another merchant' });
}

/** Breaks one endpoint of the sandbox (electron/sandbox/http/faults.ts) until clearSandboxFaults. */
export async function setSandboxFault(services: MainServices, path: string, fault: string): Promise<void> {
  await setFault(services, path, { kind: fault as Fault['kind'] });
}

export { clearFaults as clearSandboxFaults };

export const lookupForm = (page: Page): Locator => page.getByRole('form', { name: wordsOn(page)('transactions.form.title') });

export async function openTransactions(page: Page): Promise<void> {
  const words = wordsOn(page);
  await openScreen(page, words('nav.transactions'), words('transactions.title'));
}

export type LookupBy = 'id' | 'foreign_id' | 'txid';

/** The radio button and the field's label of each way to look up, as the form words them. */
const LOOKUP_WORDS: Record<LookupBy, { choice: MessageId; label: MessageId }> = {
  id: { choice: 'transactions.by.id.choice', label: 'transactions.by.id.label' },
  foreign_id: { choice: 'transactions.by.foreignId.choice', label: 'transactions.by.foreignId.label' },
  txid: { choice: 'transactions.by.txid.choice', label: 'transactions.by.txid.label' },
};

/** The radio button that chooses `by`. */
export const lookupChoice = (page: Page, by: LookupBy): Locator => lookupForm(page).getByRole('radio', { name: wordsOn(page)(LOOKUP_WORDS[by].choice) });

/** The form's one field for `by`. */
export const lookupField = (page: Page, by: LookupBy): Locator => lookupForm(page).getByLabel(wordsOn(page)(LOOKUP_WORDS[by].label), { exact: true });

/** Chooses what to look up by, types the value and presses Enter. */
export async function fillLookup(page: Page, by: LookupBy, value: string): Promise<Locator> {
  await lookupChoice(page, by).check();
  const field = lookupField(page, by);
  await field.fill(value);
  return field;
}

export async function lookUp(page: Page, by: LookupBy, value: string): Promise<void> {
  const field = await fillLookup(page, by, value);
  await field.press('Enter');
}

export async function lookUpAndWait(page: Page, by: LookupBy, value: string): Promise<Locator> {
  await lookUp(page, by, value);
  const result = page.getByTestId('lookup-result');
  await expect(result).toBeVisible();
  return result;
}

/** One entry of the result, by its heading ("On-chain transfer", "Exchange", "Internal transfer"). */
export const entrySection = (page: Page, kind: 'blockchain' | 'internal' | 'exchange'): Locator => page.getByTestId(`entry-${kind}`);
