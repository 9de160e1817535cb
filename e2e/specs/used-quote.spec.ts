import { expect, test } from '../harness/fixtures.ts';
import { confirmButton, getQuote, liveQuote, openQuote, openReview, reviewDialog, sandboxState } from '../scenarios/quote.ts';

/**
 * A quote places one exchange at most, and main takes it at the first try, whatever comes of that try.
 * So once an exchange was placed from it, or refused, the quote card no longer offers "Exchange at this
 * rate" (each press would only be refused again, at length): it says in one short line why, and offers
 * a new quote.
 */

const placeCalls = (calls: readonly string[]) => calls.filter((channel) => channel === 'exchange.place').length;
const exchangeButton = (page: Parameters<typeof liveQuote>[0]) => liveQuote(page).getByRole('button', { name: 'Exchange at this rate' });

test.beforeEach(async ({ page }) => {
  await openQuote(page);
});

test('after a placement the card’s exchange button is disabled, says the quote was used, and a new quote enables it again', async ({ page, services, bridge }) => {
  const dialog = await openReview(page, { amount: '0.01' });
  await confirmButton(dialog).click();
  await expect(dialog.getByRole('heading', { name: 'Exchange placed' })).toBeVisible();
  const orderId = (await dialog.getByTestId('order-id').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(reviewDialog(page)).toHaveCount(0);

  await expect(exchangeButton(page)).toBeDisabled();
  const spent = liveQuote(page).getByTestId('quote-spent');
  await expect(spent).toHaveText(`Used for exchange order ${orderId}.`);
  await expect(exchangeButton(page)).toHaveAttribute('aria-describedby', (await spent.getAttribute('id')) ?? 'no id');

  const calculated = (await sandboxState(services)).quotes.length;
  const newQuote = liveQuote(page).getByRole('button', { name: 'Get a new quote' });
  await newQuote.focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sandboxState(services)).quotes.length).toBe(calculated + 1);
  await expect(exchangeButton(page)).toBeEnabled();
  await expect(liveQuote(page).getByTestId('quote-spent')).toHaveCount(0);
  expect(placeCalls(bridge.calls)).toBe(1);
});

test('after a refusal because the quote was used, the card says so in one line and offers a new quote', async ({ page, bridge }) => {
  const dialog = await openReview(page, { amount: '0.01' });
  bridge.failNext('exchange.place', { kind: 'quote_unavailable', reason: 'used', message: 'This quote was already used for an exchange.' });
  await confirmButton(dialog).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'already used' }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(reviewDialog(page)).toHaveCount(0);

  await expect(exchangeButton(page)).toBeDisabled();
  await expect(liveQuote(page).getByTestId('quote-spent')).toHaveText('Already used for an exchange.');
  await expect(liveQuote(page).getByRole('button', { name: 'Get a new quote' })).toBeEnabled();
  expect(placeCalls(bridge.calls)).toBe(1);

  await liveQuote(page).getByRole('button', { name: 'Get a new quote' }).click();
  await expect(exchangeButton(page)).toBeEnabled();
});

test('a quote for other amounts is not marked used by the last one’s placement', async ({ page }) => {
  const dialog = await openReview(page, { amount: '0.01' });
  await confirmButton(dialog).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(exchangeButton(page)).toBeDisabled();

  await getQuote(page, { amount: '0.02' });
  await expect(exchangeButton(page)).toBeEnabled();
  await expect(liveQuote(page).getByTestId('quote-spent')).toHaveCount(0);
});
