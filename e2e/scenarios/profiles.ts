import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { hostname } from 'node:os';
import { wordsOn } from '../harness/words.ts';

/**
 * The profile steps as a person does them, shared by the browser harness specs and the Electron
 * suite, so both run the same scenario.
 */

export const LIVE_PROFILE = {
  name: 'Acme live',
  apiKey: 'live-key-7f3a9c21-ABCD',
  secret: 'live-secret-do-not-show-91b2',
} as const;

/** A profile of the service's own sandbox: not live, so the screen itself confirms its removal. */
export const SERVICE_SANDBOX_PROFILE = {
  name: 'Acme test',
  preset: 'Service sandbox',
  apiKey: 'test-key-5e21b7d0-WXYZ',
  secret: 'test-secret-not-shown-44c9',
} as const;

export const BAD_URL_MESSAGE = 'The address must start with https:// (plain http is allowed only for this computer)';

export const activeProfile = (page: Page): Locator => page.getByTestId('active-profile');

export function navButton(page: Page, label: string): Locator {
  return page.getByRole('navigation', { name: wordsOn(page)('nav.label') }).getByRole('button', { name: label, exact: true });
}

export async function openScreen(page: Page, label: string, heading = label): Promise<void> {
  await navButton(page, label).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

export const profileRow = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

/** The built-in profile is the active one: its kind and the name it was given on first run, in the desktop's language. */
export async function expectLocalSandboxActive(page: Page): Promise<void> {
  const words = wordsOn(page);
  await expect(activeProfile(page)).toContainText(words('kind.localSandbox'));
  await expect(activeProfile(page)).toContainText(words('main.profiles.localSandboxName'));
}

type NewProfile = { name: string; preset?: 'Production' | 'Service sandbox'; baseUrl?: string; apiKey: string; secret: string };

/** The profile form (adding or editing), found by its heading's id whatever the language. */
const profileForm = (page: Page): Locator => page.locator('form[aria-labelledby="profile-form-title"]');

export async function fillProfileForm(page: Page, profile: NewProfile): Promise<void> {
  const words = wordsOn(page);
  const form = profileForm(page);
  await form.getByLabel(words('profiles.form.name'), { exact: true }).fill(profile.name);
  if (profile.preset) {
    await form.getByRole('button', { name: words(profile.preset === 'Production' ? 'profiles.form.preset.production' : 'profiles.form.preset.serviceSandbox') }).click();
  }
  if (profile.baseUrl !== undefined) await form.getByLabel(words('profiles.form.baseUrl'), { exact: true }).fill(profile.baseUrl);
  await form.getByLabel(words('profiles.form.apiKey'), { exact: true }).fill(profile.apiKey);
  await form.getByLabel(words('profiles.form.secret'), { exact: true }).fill(profile.secret);
}

export async function addProfile(page: Page, profile: NewProfile): Promise<void> {
  const words = wordsOn(page);
  await page.getByRole('button', { name: words('profiles.add') }).first().click();
  await fillProfileForm(page, profile);
  // Enter submits the form.
  await profileForm(page).getByLabel(words('profiles.form.secret'), { exact: true }).press('Enter');
  await expect(profileForm(page)).toBeHidden();
  await expect(profileRow(page, profile.name)).toBeVisible();
}

export async function testConnection(page: Page, name: string): Promise<Locator> {
  const row = profileRow(page, name);
  await row.getByRole('button', { name: /^Test connection/ }).click();
  const result = row.getByTestId('test-result');
  await expect(result).toBeVisible();
  return result;
}

export async function removeProfile(page: Page, name: string): Promise<void> {
  await profileRow(page, name).getByRole('button', { name: /^Remove/ }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(profileRow(page, name)).toHaveCount(0);
}

/** Sets this desktop's display name as a person does, once, on the Profiles screen (identity.set in main), saying yes when it is asked back; the screen then shows it with the computer. */
export async function setDisplayName(page: Page, displayName: string): Promise<void> {
  await openScreen(page, 'Profiles');
  const name = page.getByRole('form', { name: 'Your name in the journal' }).getByLabel('Your name', { exact: true });
  await name.fill(displayName);
  await name.press('Enter');
  await page.getByRole('button', { name: `Yes, set “${displayName}”` }).click();
  await expect(page.getByTestId('identity')).toHaveText(`Your name in the journal: ${displayName} on ${hostname()}`);
}

/** Types a profile's merchant name (printed on dispute reports) on the Profiles screen, as a person does; its row then names it. */
export async function setMerchantName(page: Page, profileName: string, merchantName: string): Promise<void> {
  await openScreen(page, 'Profiles');
  await profileRow(page, profileName).getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('form', { name: `Edit ${profileName}` });
  const field = form.getByLabel('Merchant name', { exact: true });
  await expect(field).toHaveAccessibleDescription('Printed on dispute reports, e.g. the company name on your contract with the service.');
  await field.fill(merchantName);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(profileRow(page, profileName)).toContainText(`Merchant: ${merchantName.trim()}`);
}
