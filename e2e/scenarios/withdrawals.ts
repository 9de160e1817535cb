import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { wordsOn } from '../harness/words.ts';
import { openScreen } from './profiles.ts';

/**
 * The Withdrawal screen's steps as a person does them (docs/withdrawals.md), in the window's language
 * (harness/words.ts). The sender section is the shared one (renderer/components/sender), still in
 * English; the receiver section is the screen's own.
 */

export const withdrawalForm = (page: Page): Locator => page.getByRole('form', { name: wordsOn(page)('withdrawals.form.name') });
export const formField = (page: Page, label: string): Locator => withdrawalForm(page).getByLabel(label, { exact: true });

export async function openWithdrawals(page: Page): Promise<void> {
  const words = wordsOn(page);
  await openScreen(page, words('nav.withdrawals'), words('withdrawals.title'));
  await expect(withdrawalForm(page)).toBeVisible();
}

/** The sender every spec's withdrawals name: a natural person. */
export const ADA = { first: 'Ada', last: 'Lovelace', born: '1985-12-10' } as const;

/**
 * Fills who sends and who receives, in a withdrawal's form or the payout file's (`form`): the sender
 * is Ada Lovelace, a natural person; the receiver is the merchant itself ("Self: our own wallet").
 */
export async function fillSenderAndOwnWallet(form: Locator): Promise<void> {
  const words = wordsOn(form.page());
  await form.getByRole('radiogroup', { name: words('components.sender.group') }).getByRole('radio', { name: words('components.sender.natural') }).check();
  await form.getByLabel(words('components.party.firstName'), { exact: true }).fill(ADA.first);
  await form.getByLabel(words('components.party.lastName'), { exact: true }).fill(ADA.last);
  await form.getByLabel(words('components.party.dateOfBirth'), { exact: true }).fill(ADA.born);
  await form.getByRole('radiogroup', { name: words('withdrawals.form.receiverGroup') }).getByRole('radio', { name: words('withdrawals.form.self') }).check();
}
