import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import { openScreen } from './profiles.ts';
import { sandboxState } from './sandbox.ts';

/**
 * The Deposit address steps as a person does them, and the addresses the local sandbox gave behind
 * the API (GET /sandbox/state's addresses, the preloaded examples left out).
 */

export type SandboxAddress = { id: number; currency: string; convert_to: string | null; address: string; tag: string | null; foreign_id: string; source: string };

export const addressForm = (page: Page): Locator => page.getByRole('form', { name: 'New deposit address' });
export const addressField = (page: Page, label: string): Locator => addressForm(page).getByLabel(label, { exact: true });
export const takeButton = (page: Page): Locator => addressForm(page).getByRole('button', { name: /^(Get deposit address|Send again|Getting)/ });
export const addressResult = (page: Page): Locator => page.getByTestId('address-result');

export async function openAddresses(page: Page): Promise<void> {
  await openScreen(page, 'Deposit address');
  await expect(addressForm(page)).toBeVisible();
}

export type AddressDetails = { currency?: string; convertTo?: string; reference: string };

/** Fills the address fields; the foreign id stays the generated one. */
export async function fillAddress(page: Page, details: AddressDetails = { reference: 'cust-42' }): Promise<void> {
  if (details.currency) await addressField(page, 'Currency').selectOption(details.currency);
  if (details.convertTo) await addressField(page, 'Convert to (optional)').selectOption(details.convertTo);
  await addressField(page, 'End user reference').fill(details.reference);
}

export async function naturalSender(page: Page, person = { first: 'Ada', last: 'Lovelace', born: '1985-12-10' }): Promise<void> {
  await addressForm(page).getByRole('radio', { name: 'Natural person' }).check();
  await addressField(page, 'First name').fill(person.first);
  await addressField(page, 'Last name').fill(person.last);
  await addressField(page, 'Date of birth').fill(person.born);
}

/** A legal entity, its country picked from the searchable list with the keyboard. */
export async function legalSender(page: Page, company = { name: 'Acme Trading GmbH', country: 'germ', code: 'DEU' }): Promise<void> {
  await addressForm(page).getByRole('radio', { name: 'Legal entity' }).check();
  await addressField(page, 'Legal name').fill(company.name);
  const country = addressForm(page).getByRole('combobox', { name: 'Country of registration' });
  await country.fill(company.country);
  await country.press('Enter');
  await expect(country).toHaveValue(new RegExp(`\\(${company.code}\\)$`));
}

/** Takes the address and waits for it; answers the address shown. */
export async function takeAddress(page: Page): Promise<string> {
  await takeButton(page).click();
  await expect(addressResult(page)).toBeVisible();
  return (await addressResult(page).getByTestId('deposit-address').textContent()) ?? '';
}

/** The addresses this console took (not the sandbox's preloaded examples). */
export async function sandboxAddresses(services: MainServices): Promise<SandboxAddress[]> {
  return ((await sandboxState(services)).addresses as SandboxAddress[]).filter((a) => a.source === 'take');
}

/** The `d` of the QR code's path: what qrPath draws for the text it holds. */
export async function qrDrawing(page: Page): Promise<string> {
  return (await addressResult(page).getByTestId('address-qr').locator('path').getAttribute('d')) ?? '';
}
