import type { Page } from '@playwright/test';
import type { PairList } from '../../shared/ipc/contract.ts';
import type { MainServices } from '../../electron/app/index.ts';
import { decimalsEqual } from '../../shared/money/decimal.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { BAD_RATE, damagePairs, EXPONENT_DECIMAL, pairRow, typedCurrency, undamagePairs } from '../scenarios/damaged-pairs.ts';
import { createInvoice, fillInvoice, invoiceForm, leaveOutSender, openInvoices, ORDER, result, sandboxInvoices, submitButton } from '../scenarios/invoices.ts';
import { cellValue, expectPairsLoaded, filterField, openPairs, pairsTable, renderedPairs } from '../scenarios/pairs.ts';
import { amountField, liveQuote, openQuote, quoteForm } from '../scenarios/quote.ts';
import { clearFaults, sandboxState, setFault } from '../scenarios/sandbox.ts';

/**
 * One unreadable element does not cost the whole list, and the forms that take their
 * currencies from the list (New invoice, Live quote) keep working when the list is incomplete or
 * cannot be refreshed at all.
 */

/** The list main holds for the active profile: what every screen shows. */
async function heldList(services: MainServices): Promise<PairList> {
  const answer = await services.router.handle('pairs.list', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value as PairList;
}

const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' }).click();

/** Creates an invoice with a typed currency code, and answers the sandbox's record of it. */
async function createTypedInvoice(page: Page, services: MainServices, typed: string) {
  await openInvoices(page);
  await fillInvoice(page, { ...ORDER, currency: undefined });
  await typedCurrency(invoiceForm(page), 'Currency').fill(typed);
  await leaveOutSender(page);
  const foreignId = await invoiceForm(page).getByLabel('Foreign id', { exact: true }).inputValue();
  await createInvoice(page);
  const invoice = (await sandboxInvoices(services)).find((record) => record.foreign_id === foreignId);
  if (!invoice) throw new Error(`the sandbox holds no invoice ${foreignId}`);
  return invoice;
}

/** Gets a live quote with typed codes. */
async function typedQuote(page: Page, from: string, to: string) {
  await openQuote(page);
  await typedCurrency(quoteForm(page), 'From').fill(from);
  await typedCurrency(quoteForm(page), 'To').fill(to);
  await amountField(page).fill('0.01');
  await amountField(page).press('Enter');
  await expect(liveQuote(page)).toBeVisible();
}

test.afterEach(async ({ services }) => {
  await undamagePairs(services);
  await clearFaults(services);
});

test('a pairs answer with one unreadable element and one exponent amount: every good pair exactly, the bad one set aside, the forms still work', async ({ page, services, words }) => {
  const damaged = await damagePairs(services);
  await openPairs(page);
  await expectPairsLoaded(page);
  await refresh(page);
  await expect(page.getByTestId('announcer')).toContainText('set aside as unreadable');

  const { original, exponentIndex, badIndex } = damaged.last();
  const expected = original.flatMap((pair, index) => (index === badIndex ? [] : index === exponentIndex ? [{ ...pair, rate_to: EXPONENT_DECIMAL }] : [pair]));
  const held = await heldList(services);
  // Main's list is what the screen renders: every good pair, in order, digit for digit.
  expect(held.pairs).toEqual(expected);
  expect(held.unreadable).toHaveLength(1);
  await expect(pairsTable(page)).toHaveAttribute('aria-rowcount', String(expected.length + 1));
  await expect(page.getByText(`Showing all ${expected.length} pairs`)).toBeVisible();

  // The bad one is flagged with its place, field and value as received, and its problem in the window's words.
  const setAside = page.getByTestId('set-aside');
  await expect(setAside).toContainText('1 pair set aside');
  await expect(setAside.getByRole('listitem')).toHaveCount(1);
  await expect(setAside.getByRole('listitem')).toHaveText(
    words('rules.wire.unreadable.value', { place: String(badIndex + 1), field: 'rate_to', value: BAD_RATE, problem: words('rules.wire.notDecimal') }),
  );
  await expect(setAside).toContainText('Every other pair is shown exactly as the service sent it.');
  await screenshotBothThemes(page, 'pairs-set-aside');

  // The exponent one reads as its plain decimal.
  expect(await cellValue(await pairRow(page, 'BTC', 'EUR'), 'Rate to')).toBe(EXPONENT_DECIMAL);
  // The bad pair is not in the table.
  await filterField(page).fill('eth usd');
  await expect(pairsTable(page).getByTestId('pair-row').first()).toBeVisible();
  const shown = await renderedPairs(page);
  expect(shown).toContain('USD>ETH');
  expect(shown).not.toContain('ETH>USD');

  // New invoice: says a pair was set aside, and creates an invoice with a typed code.
  await openInvoices(page);
  await expect(page.getByTestId('currency-notice')).toContainText('1 currency pair could not be read and was set aside (see Pairs)');
  const invoice = await createTypedInvoice(page, services, 'EUR');
  expect(invoice.currency).toBe('EUR');
  expect(decimalsEqual(invoice.amount, ORDER.amount), `${invoice.amount} = ${ORDER.amount}`).toBe(true);

  // Live quote: the quote never depended on the list.
  await typedQuote(page, 'BTC', 'EUR');
  expect((await sandboxState(services)).quotes).toHaveLength(1);
});

test('pairs failing entirely after a good load: the forms use the last list and say when it was fetched; typed codes work', async ({ page, services }) => {
  await openPairs(page);
  await expectPairsLoaded(page);
  const fetchedAt = await page.getByTestId('pairs-fetched').locator('time').getAttribute('datetime');
  expect(fetchedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  await setFault(services, 'currencies/pairs', { kind: 'status-500' });
  await refresh(page);
  await expect(page.getByTestId('pairs-stale')).toContainText('Showing the last list, fetched');
  await expect(page.getByTestId('pairs-stale').locator('time')).toHaveAttribute('datetime', fetchedAt ?? '');

  for (const open of [openInvoices, openQuote]) {
    await open(page);
    const notice = page.getByTestId('currency-notice');
    await expect(notice).toContainText('The currency list could not be refreshed:');
    await expect(notice).toContainText('is used; a currency code not in it can be typed.');
    await expect(notice.locator('time')).toHaveAttribute('datetime', fetchedAt ?? '');
  }

  // A malformed code: the shape error, next to the field, and nothing is sent.
  await openInvoices(page);
  await fillInvoice(page, { ...ORDER, currency: undefined });
  await leaveOutSender(page);
  const currency = typedCurrency(invoiceForm(page), 'Currency');
  await currency.fill('e-ur');
  await submitButton(page).click();
  await expect(currency).toHaveAccessibleDescription(/Type a currency code: 2 to 20 letters or digits, such as EUR or USDTTRC20/);
  await expect(result(page)).toHaveCount(0);
  expect(await sandboxInvoices(services)).toHaveLength(0);

  // Typed in lower case, sent in upper case.
  const invoice = await createTypedInvoice(page, services, 'eur');
  expect(invoice.currency).toBe('EUR');
  expect(decimalsEqual(invoice.amount, ORDER.amount), `${invoice.amount} = ${ORDER.amount}`).toBe(true);

  await typedQuote(page, 'btc', 'eur');
  const [quote] = (await sandboxState(services)).quotes;
  expect(quote).toMatchObject({ sender_currency: 'BTC', receiver_currency: 'EUR' });
});
