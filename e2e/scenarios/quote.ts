import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import type { SandboxSnapshot } from '../../electron/sandbox/index.ts';
import { escapeRegExp, wordsOn } from '../harness/words.ts';
import { openScreen } from './profiles.ts';
import { sandboxState, setFault } from './sandbox.ts';

/**
 * The live quote and exchange steps as a person does them, and the sandbox's control endpoints
 * (electron/sandbox/endpoints/control.ts) for what a person cannot see: faults and the state behind the API.
 */

export type QuoteInput = { from?: string; to?: string; side?: 'send' | 'receive'; amount?: string };

export async function openQuote(page: Page): Promise<void> {
  const words = wordsOn(page);
  await openScreen(page, words('nav.quote'), words('quotes.title'));
  await expect(fromField(page)).toBeVisible();
}

export const quoteForm = (page: Page): Locator => page.getByRole('form', { name: wordsOn(page)('quotes.form.title') });
/** The From and To fields (a select, or a text field where codes are typed). */
export const fromField = (page: Page): Locator => quoteForm(page).getByLabel(wordsOn(page)('quotes.form.from'), { exact: true });
export const toField = (page: Page): Locator => quoteForm(page).getByLabel(wordsOn(page)('quotes.form.to'), { exact: true });
export const amountField = (page: Page): Locator => {
  const words = wordsOn(page);
  const labels = [words('quotes.form.amountToSend'), words('quotes.form.amountToReceive')].map(escapeRegExp);
  return quoteForm(page).getByLabel(new RegExp(`^(${labels.join('|')})`));
};
export const liveQuote = (page: Page): Locator => page.getByTestId('live-quote');
export const quoteTimer = (page: Page): Locator => liveQuote(page).getByRole('timer', { name: wordsOn(page)('quotes.card.timeLeft') });
export const reviewDialog = (page: Page): Locator => page.getByRole('dialog');

export async function fillQuote(page: Page, input: QuoteInput): Promise<void> {
  const words = wordsOn(page);
  const form = quoteForm(page);
  if (input.from) await fromField(page).selectOption(input.from);
  if (input.to) await toField(page).selectOption(input.to);
  if (input.side) {
    const side = words(input.side === 'send' ? 'quotes.form.send' : 'quotes.form.receive');
    await form.getByRole('radio', { name: new RegExp(`^${escapeRegExp(side)}`) }).check();
  }
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
  for (const [field, code] of [[fromField(page), 'BTC'], [toField(page), 'EUR']] as const) {
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
  const words = wordsOn(page);
  await liveQuote(page).getByRole('button', { name: words('quotes.card.exchange') }).click();
  const dialog = reviewDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: words('quotes.exchange.reviewTitle') })).toBeVisible();
  return dialog;
}

/** The review's confirm button: "Exchange 0.01 BTC for ... EUR", then "Placing…". */
export const confirmButton = (dialog: Locator): Locator => {
  const words = wordsOn(dialog.page());
  const exchange = words.shaped('quotes.words.exchange', ['send', 'sendCurrency', 'receive', 'receiveCurrency']).source;
  return dialog.getByRole('button', { name: new RegExp(`^(${exchange}|${escapeRegExp(words('quotes.exchange.placing'))})$`) });
};
