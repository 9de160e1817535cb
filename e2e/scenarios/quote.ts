import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import type { SandboxSnapshot } from '../../electron/sandbox/index.ts';
import { openScreen } from './profiles.ts';
import { sandboxState, setFault } from './sandbox.ts';

/**
 * The live quote and exchange steps as a person does them, and the sandbox's control endpoints
 * (electron/sandbox/endpoints/control.ts) for what a person cannot see: faults and the state behind the API.
 */

export type QuoteInput = { from?: string; to?: string; side?: 'send' | 'receive'; amount?: string };

export async function openQuote(page: Page): Promise<void> {
  await openScreen(page, 'Live quote');
  await expect(quoteForm(page).getByLabel('From', { exact: true })).toBeVisible();
}

export const quoteForm = (page: Page): Locator => page.getByRole('form', { name: 'What to exchange' });
export const amountField = (page: Page): Locator => quoteForm(page).getByLabel(/^Amount to (send|receive)/);
export const liveQuote = (page: Page): Locator => page.getByTestId('live-quote');
export const quoteTimer = (page: Page): Locator => liveQuote(page).getByRole('timer', { name: 'Time left at this rate' });
export const reviewDialog = (page: Page): Locator => page.getByRole('dialog');

export async function fillQuote(page: Page, input: QuoteInput): Promise<void> {
  const form = quoteForm(page);
  if (input.from) await form.getByLabel('From', { exact: true }).selectOption(input.from);
  if (input.to) await form.getByLabel('To', { exact: true }).selectOption(input.to);
  if (input.side) await form.getByRole('radio', { name: new RegExp(`^${input.side}`) }).check();
  if (input.amount !== undefined) await amountField(page).fill(input.amount);
}

/** Fills the form, presses Enter in the amount (Enter submits) and waits for the quote to show. */
export async function getQuote(page: Page, input: QuoteInput = {}): Promise<Locator> {
  await fillQuote(page, { from: 'BTC', to: 'EUR', amount: '0.01', ...input });
  await amountField(page).press('Enter');
  await expect(liveQuote(page)).toBeVisible();
  return liveQuote(page);
}

/**
 * Gets a BTC>EUR quote for `amount`, choosing the codes or typing them, whichever the form offers
 * (a profile's pairs list that is stale, partial or still on its way lets codes be typed).
 */
export async function getQuoteChosenOrTyped(page: Page, amount = '0.01'): Promise<Locator> {
  const form = quoteForm(page);
  for (const [label, code] of [['From', 'BTC'], ['To', 'EUR']] as const) {
    const field = form.getByLabel(label, { exact: true });
    if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(code);
    else await field.fill(code);
  }
  await amountField(page).fill(amount);
  await amountField(page).press('Enter');
  await expect(liveQuote(page)).toBeVisible();
  return liveQuote(page);
}

/** The seconds the quote's countdown shows (its data-seconds). */
export async function secondsShown(timer: Locator): Promise<number> {
  return Number(await timer.getAttribute('data-seconds'));
}

export { sandboxState, setFault };

export async function exchangesFor(services: MainServices, foreignId: string): Promise<SandboxSnapshot['exchanges']> {
  return (await sandboxState(services)).exchanges.filter((exchange) => exchange.foreign_id === foreignId);
}

/** Gets a quote, opens the review, and answers the dialog. */
export async function openReview(page: Page, input: QuoteInput = {}): Promise<Locator> {
  await getQuote(page, input);
  await liveQuote(page).getByRole('button', { name: 'Exchange at this rate' }).click();
  const dialog = reviewDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Review the exchange' })).toBeVisible();
  return dialog;
}

export const confirmButton = (dialog: Locator): Locator => dialog.getByRole('button', { name: /^(Exchange .+ for .+|Placing…)$/ });
