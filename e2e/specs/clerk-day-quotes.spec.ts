import type { CDPSession, Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import { expect, test } from '../harness/fixtures.ts';
import { damagePairs, typedCurrency, undamagePairs } from '../scenarios/damaged-pairs.ts';
import { expectPairsLoaded, openPairs } from '../scenarios/pairs.ts';
import { amountField, fillQuote, getQuote, liveQuote, openQuote, openReview, quoteForm, quoteTimer } from '../scenarios/quote.ts';
import { exampleTransaction, lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * A clerk's day on the quote and transaction screens without surprises: amounts at their
 * currency's places and the total an exchange takes, an amount never read in another currency, a
 * renewal that says what it changed, a countdown urgent at its end, and words said once.
 */

type WireQuote = Record<string, unknown>;

/** The page's getComputedStyle, as the page's own code calls it (the e2e code is typed without the DOM library). */
type Style = { paddingLeft: string; paddingRight: string; animationName: string };
type WithStyles = { getComputedStyle(element: unknown): Style };

/** From now on, every exchange/calculate answer passes through `edit` (the in-app sandbox's test-only answer edit). */
async function editQuotes(services: MainServices, edit: ((data: WireQuote, count: number) => WireQuote) | null): Promise<void> {
  let count = 0;
  (await services.sandbox.ensure()).editAnswer(
    'exchange/calculate',
    edit && ((body) => ({ data: edit((body as { data: WireQuote }).data, (count += 1)) })),
  );
}

const calculateCalls = (calls: readonly string[]) => calls.filter((channel) => channel === 'quotes.calculate').length;

test.afterEach(async ({ services }) => {
  await editQuotes(services, null);
  await undamagePairs(services);
});

test('fiat amounts at 2 places, never a digit cut, and the review shows the total debited', async ({ page, services }) => {
  await editQuotes(services, (data) => ({ ...data, receiver_amount: '250.00000000', price: '5000.12345678' }));
  await openQuote(page);
  const dialog = await openReview(page, { from: 'BTC', to: 'EUR', amount: '0.05' });
  const card = liveQuote(page);
  await expect(card.getByTestId('quote-receiver-amount')).toHaveText('250.00 EUR');
  await expect(card.getByTestId('quote-sender-amount')).toHaveText('0.05000000 BTC');
  // More places than EUR takes were sent: every one is shown.
  await expect(card.getByTestId('quote-price')).toHaveText('1 BTC = 5,000.12345678 EUR');
  await expect(dialog.getByTestId('exchange-summary')).toHaveText('Exchange 0.05000000 BTC for 250.00 EUR');
  // The sandbox's fee is 1% of the amount sent, from the BTC balance: 0.05 BTC takes 0.0505.
  await expect(dialog.getByTestId('review-total-debited')).toHaveText('0.05050000 BTC (amount and fee)');
  await expect(card.getByTestId('quote-total-debited')).toHaveText('0.05050000 BTC (amount and fee)');
});

test('the quote form takes an EUR amount at 2 places, as the invoice form does', async ({ page, bridge }) => {
  await openQuote(page);
  await fillQuote(page, { from: 'BTC', to: 'EUR', side: 'receive', amount: '1000.123' });
  await amountField(page).press('Enter');
  await expect(quoteForm(page)).toContainText('EUR takes at most 2 decimal places');
  expect(calculateCalls(bridge.calls)).toBe(0);
  await amountField(page).fill('1000.12');
  await amountField(page).press('Enter');
  await expect(liveQuote(page).getByTestId('quote-receiver-amount')).toHaveText('1,000.12 EUR');
});

test('a change of side or of the amount’s currency clears the amount and says so', async ({ page }) => {
  await openQuote(page);
  await fillQuote(page, { from: 'EUR', to: 'BTC', side: 'send', amount: '1000' });
  await quoteForm(page).getByRole('radio', { name: /^receive/ }).check();
  await expect(quoteForm(page).getByLabel('Amount to receive (BTC)')).toHaveValue('');
  const note = 'The amount 1000 EUR was cleared, as the amount is now in BTC: enter it again.';
  await expect(quoteForm(page).getByTestId('amount-cleared')).toHaveText(note);
  await expect(page.getByTestId('announcer')).toHaveText(note);

  await amountField(page).fill('0.5');
  await expect(quoteForm(page).getByTestId('amount-cleared')).toHaveCount(0);
  // The other currency changes nothing; the amount's own does.
  await quoteForm(page).getByLabel('From', { exact: true }).selectOption('USD');
  await expect(amountField(page)).toHaveValue('0.5');
  await quoteForm(page).getByLabel('To', { exact: true }).selectOption('ETH');
  await expect(amountField(page)).toHaveValue('');
  await expect(quoteForm(page).getByTestId('amount-cleared')).toContainText('The amount 0.5 BTC was cleared');
});

/** How far `field` reaches past the inside of `card` (its padding), on either side, in pixels; 0 when it stays inside. */
async function overhang(field: Locator, card: Locator): Promise<number> {
  const inner = await card.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = (globalThis as unknown as WithStyles).getComputedStyle(element);
    return { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
  });
  const box = await field.evaluate((element) => element.getBoundingClientRect().toJSON() as { left: number; right: number });
  return Math.max(0, inner.left - box.left, box.right - inner.right);
}

test('typed From and To fields stay inside the quote card, on a small laptop screen too', async ({ page, services }) => {
  // One unreadable pair: the list is incomplete, so the codes are typed.
  await damagePairs(services);
  await openPairs(page);
  await expectPairsLoaded(page);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('announcer')).toContainText('set aside as unreadable');
  await openQuote(page);
  const form = quoteForm(page);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    for (const label of ['From', 'To']) expect(await overhang(typedCurrency(form, label), form), `${label} at ${width}px`).toBe(0);
  }
});

/** The tops and heights of `buttons`: one row of one-line buttons has one of each. */
async function rowsOf(buttons: Locator): Promise<{ tops: Set<number>; heights: Set<number> }> {
  const boxes = await buttons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()));
  return { tops: new Set(boxes.map((box) => Math.round(box.top))), heights: new Set(boxes.map((box) => Math.round(box.height))) };
}

test('the review’s buttons stay on one row, each on one line, also with a new quote offered', async ({ page }) => {
  await page.clock.install();
  await page.reload();
  await openQuote(page);
  const dialog = await openReview(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  const buttons = dialog.locator('.dialog-actions .button');
  await expect(buttons).toHaveCount(2);
  expect(await rowsOf(buttons)).toEqual({ tops: new Set([expect.any(Number)]), heights: new Set([expect.any(Number)]) });

  await page.clock.fastForward(61_000);
  await expect(dialog.getByRole('button', { name: 'Get a new quote (R)' })).toBeVisible();
  await expect(buttons).toHaveCount(3);
  const { tops, heights } = await rowsOf(buttons);
  expect(tops.size).toBe(1);
  expect(heights.size).toBe(1);
  // One line high, as Cancel is.
  const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
  expect([...heights][0]).toBe(Math.round(cancel?.height ?? 0));
});

test('a renewal that moves the price marks it, in words, said aloud, and flashes only where motion is welcome', async ({ page, services, bridge }) => {
  await editQuotes(services, (data, count) => ({ ...data, price: count === 1 ? '60000.00000000' : '60250.50000000' }));
  await page.clock.install();
  await page.reload();
  await openQuote(page);
  await getQuote(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  const price = liveQuote(page).getByTestId('quote-price');
  await expect(price).toHaveText('1 BTC = 60,000.00 EUR');
  await expect(price).not.toHaveClass('quote-changed');

  await page.clock.fastForward(61_000);
  await expect.poll(() => calculateCalls(bridge.calls)).toBe(2);
  await expect(price).toHaveClass('quote-changed');
  await expect(liveQuote(page).getByTestId('price-was')).toHaveText('▲ up from 60,000.00 EUR');
  await expect(page.getByTestId('announcer')).toContainText('New quote: price up from 60,000.00 EUR to 60,250.50 EUR.');
  expect(await price.evaluate((element) => (globalThis as unknown as WithStyles).getComputedStyle(element).animationName)).toBe('quote-changed-flash');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await price.evaluate((element) => (globalThis as unknown as WithStyles).getComputedStyle(element).animationName)).toBe('none');
  // Without motion the mark stays: the figure is still set apart.
  await expect(price).toHaveClass('quote-changed');
});

test('the countdown is urgent in words in the last seconds, on the card and in the review', async ({ page }) => {
  await page.clock.install();
  await page.reload();
  await openQuote(page);
  const dialog = await openReview(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  const timer = dialog.getByRole('timer', { name: 'Time left to confirm at this rate' });
  await expect(timer).toHaveText(/^0:[0-5]\d left$/);
  await expect(timer).not.toHaveAttribute('data-urgent');
  await page.clock.fastForward(52_000);
  await expect(timer).toHaveText(/^only 0:0\d left$/);
  await expect(timer).toHaveAttribute('data-urgent', 'true');
  await expect(quoteTimer(page)).toHaveText(/^only 0:0\d left$/);
});

const sessions = new WeakMap<Page, CDPSession>();

/** Sets the page's time zone, as the computer's own would be (Chromium's emulation; an empty zone ends the last one). */
async function inZone(page: Page, zone: string): Promise<void> {
  const session = sessions.get(page) ?? (await page.context().newCDPSession(page));
  sessions.set(page, session);
  await session.send('Emulation.setTimezoneOverride', { timezoneId: '' });
  await session.send('Emulation.setTimezoneOverride', { timezoneId: zone });
}

test('a transaction says its type once, its fees at their currency’s places, and a time once where local time is UTC', async ({ page, services }) => {
  await openTransactions(page);
  await inZone(page, 'UTC');
  const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
  const result = await lookUpAndWait(page, 'id', String(deposit.id));
  await expect(result.getByTestId('tx-type')).toHaveText('Deposit');
  await expect(result.getByTestId('entry-blockchain')).not.toContainText('Deposit deposit');
  const fees = result.getByRole('table', { name: 'Fees' });
  await expect(fees.getByRole('row').nth(1)).toContainText('0.00002000');
  await expect(fees.getByRole('row').nth(2)).toContainText('0.00003000');
  await expect(result.getByTestId('looked-up-at')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);

  await inZone(page, 'Asia/Tokyo');
  const again = await lookUpAndWait(page, 'id', String(deposit.id));
  await expect(again.getByTestId('looked-up-at')).toHaveText(/^.+ \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\)$/);
});
