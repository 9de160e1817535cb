import { formatAmount } from '../../shared/money/precision.ts';
import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import {
  confirmButton,
  exchangesFor,
  liveQuote,
  openQuote,
  openReview,
  reviewDialog,
  sandboxState,
  setFault,
} from '../scenarios/quote.ts';

const FOREIGN_ID = /^exch-\d{8}-[a-z2-9]{8}$/;
const placeCalls = (calls: readonly string[]) => calls.filter((channel) => channel === 'exchange.place').length;
const calculateCalls = (calls: readonly string[]) => calls.filter((channel) => channel === 'quotes.calculate').length;

test.beforeEach(async ({ page }) => {
  await openQuote(page);
});

test('the review shows the account, amounts, price, fee, time left and a button that says what it does', async ({ page, services }) => {
  const dialog = await openReview(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  const [quote] = (await sandboxState(services)).quotes;
  if (!quote) throw new Error('the sandbox holds no quote');
  // Each amount at its currency's places (shared/money/precision.ts), grouped.
  const verb = `Exchange 0.01000000 BTC for ${formatAmount(quote.receiver_amount, 'EUR')} EUR`;
  await expect(dialog.getByTestId('exchange-summary')).toHaveText(verb);
  await expect(confirmButton(dialog)).toHaveText(verb);
  await expect(confirmButton(dialog)).toBeEnabled();
  await expect(dialog).toContainText('On Local sandbox');
  await expect(dialog).toContainText('LOCAL SANDBOX');
  await expect(dialog.locator(`[data-exact="${quote.price}"]`)).toBeVisible();
  await expect(dialog).toContainText('0.00010000 BTC'); // the fee
  await expect(dialog.getByRole('timer', { name: 'Time left to confirm at this rate' })).toHaveText(/^0:[0-5]\d left$/);
  await expect(dialog.getByTestId('review-foreign-id')).toHaveText(FOREIGN_ID);
  // The safe choice has the focus.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshotBothThemes(page, 'exchange-review');
});

test('confirming places the exchange once, at the quoted price and amount, and shows the order', async ({ page, services, bridge }) => {
  const dialog = await openReview(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  const foreignId = (await dialog.getByTestId('review-foreign-id').textContent()) ?? '';
  const [quote] = (await sandboxState(services)).quotes;
  await confirmButton(dialog).click();

  await expect(dialog.getByRole('heading', { name: 'Exchange placed' })).toBeVisible();
  const result = dialog.getByTestId('exchange-result');
  await expect(result.getByTestId('order-status')).toHaveText('processing');
  await expect(result.getByTestId('order-foreign-id')).toHaveText(foreignId);
  await expect(result).toContainText('0.01000000 BTC');
  const orderId = Number(await result.getByTestId('order-id').textContent());
  expect(orderId).toBeGreaterThan(0);

  const placed = await exchangesFor(services, foreignId);
  expect(placed).toHaveLength(1);
  expect(placed[0]).toMatchObject({ id: orderId, price: quote?.price, sender_amount: '0.01000000', sender_currency: 'BTC', receiver_currency: 'EUR' });
  expect(placeCalls(bridge.calls)).toBe(1);
  await expect(page.getByTestId('announcer')).toHaveText(`Exchange placed: order ${orderId}, processing`);
  await screenshotBothThemes(page, 'exchange-result');

  await result.getByRole('link', { name: 'Look up this transaction' }).click();
  await expect(reviewDialog(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#transactions');
});

test('a double click on Confirm places one exchange; main refuses the same foreign id again', async ({ page, services, bridge }) => {
  const dialog = await openReview(page, { amount: '0.02' });
  const foreignId = (await dialog.getByTestId('review-foreign-id').textContent()) ?? '';
  await confirmButton(dialog).dblclick();
  await expect(dialog.getByRole('heading', { name: 'Exchange placed' })).toBeVisible();
  expect(placeCalls(bridge.calls)).toBe(1);
  expect((await sandboxState(services)).exchanges).toHaveLength(1);

  // Whatever a renderer sends: the same foreign id is not sent to the service twice in a run, even at
  // a fresh quote main holds (a used quote is refused before that: quotes/held-quotes.ts).
  const again = await page.evaluate(async (foreignId) => {
    const { merchantConsole } = globalThis as unknown as PageGlobals;
    const fresh = (await merchantConsole?.invoke('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.02' })) as {
      ok: boolean;
      value?: { quoteId: string };
    };
    return merchantConsole?.invoke('exchange.place', { quoteId: fresh.value?.quoteId ?? 'no fresh quote', foreignId });
  }, foreignId);
  expect(again).toEqual({
    ok: false,
    error: expect.objectContaining({ kind: 'already_sent', message: expect.stringContaining(`${foreignId} was already sent in this session`) }),
  });
  expect(await exchangesFor(services, foreignId)).toHaveLength(1);
});

test('Esc closes the review without placing anything, and the focus goes back', async ({ page, services, bridge }) => {
  const dialog = await openReview(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(liveQuote(page).getByRole('button', { name: 'Exchange at this rate' })).toBeFocused();
  expect(placeCalls(bridge.calls)).toBe(0);
  expect((await sandboxState(services)).exchanges).toHaveLength(0);
});

test('once the quote is released Confirm is disabled, and R gets a new quote to confirm', async ({ page, services, bridge }) => {
  await page.clock.install();
  await page.reload();
  await openQuote(page);
  const dialog = await openReview(page, { amount: '0.01' });
  expect(calculateCalls(bridge.calls)).toBe(1);

  await page.clock.fastForward(61_000);
  await expect(confirmButton(dialog)).toBeDisabled();
  await expect(dialog.getByRole('alert')).toContainText('This quote was released');
  await expect(dialog.getByRole('alert')).toContainText('Press R');
  const newQuote = dialog.getByRole('button', { name: 'Get a new quote (R)' });
  await expect(newQuote).toBeFocused();
  // While the review is open, the screen does not swap the quote by itself.
  await page.clock.runFor(10_000);
  expect(calculateCalls(bridge.calls)).toBe(1);

  await page.keyboard.press('r');
  await expect.poll(() => calculateCalls(bridge.calls)).toBe(2);
  await expect(confirmButton(dialog)).toBeEnabled();
  await expect(dialog.getByTestId('exchange-summary')).toBeFocused(); // the new figures first, never Confirm
  await expect(dialog.getByRole('timer', { name: 'Time left to confirm at this rate' })).toHaveText(/^0:5\d left$/);

  const foreignId = (await dialog.getByTestId('review-foreign-id').textContent()) ?? '';
  await confirmButton(dialog).click();
  await expect(dialog.getByTestId('order-status')).toHaveText('processing');
  expect(await exchangesFor(services, foreignId)).toHaveLength(1);
});

test('a lost answer is "outcome unknown" with the foreign id to check, and nothing offers to place again', async ({ page, services, bridge }) => {
  // The sandbox places the exchange, then cuts the answer off half-way (electron/sandbox/http/faults.ts).
  await setFault(services, 'exchange/fixed', { kind: 'reset', after: true, once: true });
  const dialog = await openReview(page, { amount: '0.01' });
  const foreignId = (await dialog.getByTestId('review-foreign-id').textContent()) ?? '';
  await confirmButton(dialog).click();

  await expect(dialog.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
  const unknown = dialog.getByTestId('exchange-unknown');
  await expect(unknown.getByRole('alert')).toHaveText('Outcome unknown: the exchange may or may not have been placed.');
  await expect(unknown.getByTestId('unknown-foreign-id')).toHaveText(foreignId);
  await expect(unknown).toContainText(`foreign id ${foreignId}`);
  await expect(unknown.getByRole('link', { name: 'Look up this foreign id' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^(Exchange|Confirm|Try again|Place)/ })).toHaveCount(0);
  expect(placeCalls(bridge.calls)).toBe(1);
  expect((await exchangesFor(services, foreignId)).length).toBeLessThanOrEqual(1);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('last-exchange')).toContainText('outcome unknown');
  await expect(page.getByTestId('last-exchange').getByTestId('unknown-foreign-id')).toHaveText(foreignId);

  // That quote is used up; a later review, at a new quote, warns first.
  await expect(liveQuote(page).getByRole('button', { name: 'Exchange at this rate' })).toBeDisabled();
  await expect(liveQuote(page).getByTestId('quote-spent')).toHaveText('Used for an exchange whose outcome is unknown.');
  await liveQuote(page).getByRole('button', { name: 'Get a new quote' }).click();
  await liveQuote(page).getByRole('button', { name: 'Exchange at this rate' }).click();
  await expect(reviewDialog(page)).toContainText(`The outcome of exchange ${foreignId} is still unknown`);
  expect(placeCalls(bridge.calls)).toBe(1);
  expect((await exchangesFor(services, foreignId)).length).toBeLessThanOrEqual(1);
});

test("a clear refusal is shown; nothing was placed, the quote is spent, and the next try at a new quote carries a new foreign id", async ({ page, services, bridge }) => {
  const dialog = await openReview(page, { amount: '0.01' });
  const first = (await dialog.getByTestId('review-foreign-id').textContent()) ?? '';
  bridge.failNext('exchange.place', {
    kind: 'validation',
    message: 'The service refused the request. price: The quote at this price has already been used for an exchange. Request a new quote.',
    fields: { price: 'The quote at this price has already been used for an exchange. Request a new quote.' },
  });
  await confirmButton(dialog).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'already been used' });
  await expect(refusal).toContainText('Nothing was placed.');
  const second = (await dialog.getByTestId('review-foreign-id').textContent()) ?? '';
  expect(second).toMatch(FOREIGN_ID);
  expect(second).not.toBe(first);
  expect((await sandboxState(services)).exchanges).toHaveLength(0);

  // Main takes a quote before anything else, so the one way on is a new quote.
  await expect(confirmButton(dialog)).toBeDisabled();
  await dialog.getByRole('button', { name: 'Get a new quote (R)' }).click();
  await expect(confirmButton(dialog)).toBeEnabled();
  expect(await dialog.getByTestId('review-foreign-id').textContent()).toBe(second);
  await confirmButton(dialog).click();
  await expect(dialog.getByTestId('order-status')).toHaveText('processing');
  expect(await exchangesFor(services, second)).toHaveLength(1);
  expect(await exchangesFor(services, first)).toHaveLength(0);
});
