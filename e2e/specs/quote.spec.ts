import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { ruleMessage } from '../../shared/i18n/index.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { escapeRegExp } from '../harness/words.ts';
import { parseAmount, AMOUNT_PROBLEM_IDS } from '../../shared/locale/index.ts';
import { countdownText } from '../scenarios/shared-words.ts';
import { amountField, fillQuote, getQuote, liveQuote, openQuote, quoteForm, quoteTimer, sandboxState, secondsShown, setFault, toField } from '../scenarios/quote.ts';

const calculateCalls = (calls: readonly string[]) => calls.filter((channel) => channel === 'quotes.calculate').length;

/*
 * Runs on an English desktop and again on a German one (playwright.config.ts): the screen's words come
 * through `words`, in the run's language, amounts and countdowns in its formats and words too (the
 * shared Amount and Countdown); the form rules' messages of shared/api, the platform's network errors
 * and the service's own messages keep their English words here.
 */

test.beforeEach(async ({ page }) => {
  await openQuote(page);
});

test('a quote shows both amounts, the fee, the price, when it was fixed and a countdown', async ({ page, services, words }) => {
  const card = await getQuote(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  const [quote] = (await sandboxState(services)).quotes;
  expect(quote).toBeDefined();
  if (!quote) return;
  // At each currency's places, never a digit cut (the sent amount was echoed as 0.01); data-exact keeps what was sent.
  await expect(card.getByTestId('quote-sender-amount')).toHaveText(`${words.written('0.01', 8)} BTC`);
  await expect(card.getByTestId('quote-receiver-amount').locator('[data-exact]')).toHaveAttribute('data-exact', quote.receiver_amount);
  await expect(card.getByTestId('quote-fee')).toContainText(`${words.written('0.0001', 8)} BTC`);
  await expect(card.getByTestId('quote-price').locator('[data-exact]')).toHaveAttribute('data-exact', quote.price);
  await expect(card.getByTestId('quote-price')).toContainText(words.before('quotes.figure.priceValue', 'amount', { currency: 'BTC' }).trim());
  const seconds = await secondsShown(quoteTimer(page));
  expect(seconds).toBeGreaterThan(40);
  expect(seconds).toBeLessThanOrEqual(59);
  await expect(quoteTimer(page)).toHaveText(countdownText(words, '0:[0-5]\\d'));
  const fixedAt = new Date(quote.ts_fixed * 1000).toISOString().slice(0, 19).replace('T', ' ');
  await expect(card.getByText(`${fixedAt} UTC`)).toBeVisible();
  await expect(page.getByTestId('quote-budget')).toHaveText(words('quotes.budget.left', { remaining: 29, limit: 30 }));
  await expect(card.getByRole('button', { name: words('quotes.card.exchange') })).toBeEnabled();

  // The other side: what I receive is fixed, the sent amount is the service's to work out.
  await fillQuote(page, { side: 'receive', amount: '250' });
  await quoteForm(page).getByRole('button', { name: words('quotes.form.submit') }).click();
  await expect(card.getByTestId('quote-receiver-amount')).toHaveText(`${words.written('250', 2)} EUR`);
  await expect(card.getByTestId('quote-sender-amount')).toHaveText(new RegExp(`^0${escapeRegExp(words.written('0.5').charAt(1))}\\d{8} BTC$`));
  await screenshotBothThemes(page, 'quote');
});

test('every rule of the form is checked on the screen, and nothing is asked before they hold', async ({ page, bridge, words }) => {
  const form = quoteForm(page);
  const amount = amountField(page);
  const submit = form.getByRole('button', { name: words('quotes.form.submit') });

  await submit.click();
  await expect(amount).toHaveAccessibleDescription(words.within('quotes.form.enterAmount'));
  await expect(amount).toBeFocused();

  // The amount is read in the window's regional formats (docs/amounts.md): each refusal gives its reason
  // in the run's language ("1,23,4" has misplaced groups in English, two decimal separators in German);
  // more places than the currency takes is the shared rule's (rules.*).
  const refusal = (typed: string): string => {
    const reading = parseAmount(typed, words.formatLocale);
    if (reading.ok) throw new Error(`${typed} reads as ${reading.decimal}`);
    return words(AMOUNT_PROBLEM_IDS[reading.reason.code], reading.reason.values);
  };
  for (const [typed, message] of [
    ['abc', refusal('abc')],
    ['-1', refusal('-1')],
    ['1,23,4', refusal('1,23,4')],
    ['1e5', refusal('1e5')],
    ['0.123456789', words('rules.amount.maxPlaces', { places: 8 })],
  ] as const) {
    await amount.fill(typed);
    await amount.blur();
    await expect(amount).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(amount).toHaveAttribute('type', 'text');
  await expect(amount).toHaveAttribute('inputmode', 'decimal');

  await amount.fill('0.01');
  await toField(page).selectOption('BTC');
  await submit.click();
  await expect(toField(page)).toHaveAccessibleDescription(words('rules.currency.twoDifferent'));
  expect(calculateCalls(bridge.calls)).toBe(0);

  // One field on one side: the screen cannot send both amounts, and main refuses them anyway.
  await expect(form.getByRole('radio')).toHaveCount(2);
  const answer = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).merchantConsole?.invoke('quotes.calculate', {
      sender_currency: 'BTC',
      receiver_currency: 'EUR',
      sender_amount: '1',
      receiver_amount: '1',
    }),
  );
  expect(answer).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid_request', fields: { receiver_amount: ruleMessage('rules.quote.oneSide') } }) });

  await toField(page).selectOption('EUR');
  await expect(toField(page)).not.toHaveAttribute('aria-invalid', 'true');
  await submit.click();
  await expect(liveQuote(page)).toBeVisible();
});

test("the service's refusal lands next to the field it names", async ({ page, bridge }) => {
  await fillQuote(page, { from: 'BTC', to: 'EUR', amount: '0.00001' });
  await amountField(page).press('Enter');
  await expect(amountField(page)).toHaveAccessibleDescription(/The amount is too small\. The minimum amount is 0\.00010000 BTC\./);
  await expect(amountField(page)).toBeFocused();
  await expect(liveQuote(page)).toHaveCount(0);

  await fillQuote(page, { from: 'XRP', to: 'TRX', amount: '20' });
  await amountField(page).press('Enter');
  await expect(toField(page)).toHaveAccessibleDescription('The pair XRP to TRX is not available.');

  bridge.failNext('quotes.calculate', { kind: 'authentication', code: 'bad_header_signature', message: 'The signature was refused: check the secret.' });
  await fillQuote(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  await amountField(page).press('Enter');
  await expect(page.getByTestId('quote-error').getByRole('alert')).toContainText('The signature was refused: check the secret.');
});

test('a network failure is said in plain words, and Try again asks once more', async ({ page, services, bridge, words }) => {
  await setFault(services, 'exchange/calculate', { kind: 'reset', once: true });
  await fillQuote(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  await amountField(page).press('Enter');
  const error = page.getByTestId('quote-error');
  await expect(error.getByRole('alert')).toContainText(words.shaped('main.platform.api.network', ['host'], { why: words('main.platform.api.why', { code: 'ECONNRESET' }) }));
  await expect(error).not.toContainText(/Error:|at \w+ \(/); // never a stack
  // A person decides: the screen does not retry a failed quote by itself.
  expect(calculateCalls(bridge.calls)).toBe(1);

  await error.getByRole('button', { name: words('common.retry') }).click();
  await expect(liveQuote(page)).toBeVisible();
  await expect(error).toHaveCount(0);
  expect(calculateCalls(bridge.calls)).toBe(2);
});

test('when the service refuses for the rate limit, the screen says when and quotes again by itself', async ({ page, bridge, words }) => {
  const retryAt = Date.now() + 5_000;
  bridge.failNext('quotes.calculate', { kind: 'rate_limited', message: 'The service is limiting requests.', retryAt });
  await fillQuote(page, { from: 'BTC', to: 'EUR', amount: '0.01' });
  await amountField(page).press('Enter');
  const wait = page.getByTestId('quote-wait');
  await expect(wait).toContainText(words.before('quotes.wait.text', 'at'));
  await expect(wait).toContainText(new Date(retryAt).toISOString().slice(0, 19).replace('T', ' '));
  const countdown = wait.getByRole('timer', { name: words('quotes.wait.countdown') });
  await expect(countdown).toHaveText(countdownText(words, '0:0[1-5]'));
  expect(calculateCalls(bridge.calls)).toBe(1);

  await expect(liveQuote(page)).toBeVisible({ timeout: 20_000 });
  await expect(wait).toHaveCount(0);
  expect(calculateCalls(bridge.calls)).toBe(2);
});

test("once the app's own budget is spent, nothing more is sent until it frees up", async ({ page, services, words }) => {
  const request = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' };
  for (let i = 0; i < 30; i += 1) expect(await services.router.handle('quotes.calculate', request)).toMatchObject({ ok: true });
  await fillQuote(page, { from: 'BTC', to: 'EUR', amount: '0.02' });
  await amountField(page).press('Enter');
  const wait = page.getByTestId('quote-wait');
  await expect(wait).toContainText(words.before('quotes.wait.text', 'at'));
  await expect(wait.getByRole('timer')).toHaveText(countdownText(words, '[01]:\\d\\d'));
  // The 31st was refused by main, so it never reached the service (and its pause).
  expect((await sandboxState(services)).quotes).toHaveLength(30);
  // Asking again while waiting only notes the request; it is asked for when allowed.
  await quoteForm(page).getByRole('button', { name: words('quotes.form.submit') }).click();
  await expect(wait).toBeVisible();
  expect((await sandboxState(services)).quotes).toHaveLength(30);
});

test('a released quote is renewed by itself while the screen is visible, once, and not while hidden', async ({ page, bridge, words }) => {
  // Playwright's clock in the page: 60 seconds pass without waiting for them.
  await page.clock.install();
  await page.reload();
  await openQuote(page);
  await getQuote(page, { amount: '0.01' });
  expect(calculateCalls(bridge.calls)).toBe(1);

  await page.clock.fastForward(61_000);
  await expect.poll(() => calculateCalls(bridge.calls)).toBe(2);
  await expect.poll(() => secondsShown(quoteTimer(page))).toBeGreaterThan(50);
  await expect(liveQuote(page).getByRole('button', { name: words('quotes.card.exchange') })).toBeEnabled();
  // Not a loop: half a minute on, still the one new quote.
  await page.clock.runFor(30_000);
  expect(calculateCalls(bridge.calls)).toBe(2);

  // Hidden window: the quote runs out and nobody is asked.
  await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { dispatchEvent(event: unknown): void } }).document;
    Object.defineProperty(doc, 'visibilityState', { value: 'hidden', configurable: true });
    doc.dispatchEvent(new (globalThis as unknown as { Event: new (type: string) => unknown }).Event('visibilitychange'));
  });
  await page.clock.fastForward(40_000);
  await expect(quoteTimer(page)).toHaveText(words('quotes.card.expired'));
  await expect(liveQuote(page)).toContainText(words('quotes.card.releasedHidden'));
  await page.clock.runFor(60_000);
  expect(calculateCalls(bridge.calls)).toBe(2);

  await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { dispatchEvent(event: unknown): void } }).document;
    Object.defineProperty(doc, 'visibilityState', { value: 'visible', configurable: true });
    doc.dispatchEvent(new (globalThis as unknown as { Event: new (type: string) => unknown }).Event('visibilitychange'));
  });
  await expect.poll(() => calculateCalls(bridge.calls)).toBe(3);
  await expect(quoteTimer(page)).toHaveText(countdownText(words, '0:[0-5]\\d'));
});
