import { ruleMessage } from '../../shared/i18n/index.ts';
import type { Locator, Page } from '@playwright/test';
import { hostname } from 'node:os';
import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { addressForm, openAddresses } from '../scenarios/addresses.ts';
import { historyRows, openHistory } from '../scenarios/history.ts';
import { createInvoice, field, fillInvoice, invoiceForm, leaveOutSender, naturalSender, openInvoices, submitButton } from '../scenarios/invoices.ts';
import { addProfile, openScreen, profileRow, SERVICE_SANDBOX_PROFILE } from '../scenarios/profiles.ts';

/**
 * A clerk's day on the forms, without surprises: the country picker, the name in the journal asked
 * at the first start and set deliberately, references refused when they are clearly personal data,
 * each problem in its own words, and the screens' small things (aligned fields, no value-like
 * placeholders, no focus ring on a heading, a table that keeps its columns).
 */

const COMPUTER = hostname();
const createCalls = (calls: readonly string[]) => calls.filter((channel) => channel === 'invoices.create').length;

/** Makes an invoice through the form, sender left out, and answers History's Made by line of its entry. */
async function madeByOfNewInvoice(page: Page): Promise<Locator> {
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  const foreignId = await field(page, 'Foreign id').inputValue();
  await createInvoice(page);
  await openHistory(page);
  return historyRows(page).filter({ hasText: foreignId }).locator('[data-column="made-by"]');
}

test.describe('the first start', () => {
  test.use({ firstRun: true });

  test('asks for the name in the journal before anything is recorded, asks it back, and then names the entries', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: 'Your name in the journal' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`recorded in this computer's journal with your name and the computer's (${COMPUTER})`);
    const name = dialog.getByLabel('Your name', { exact: true });
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription(/It is set once and cannot be changed/);
    await name.fill('Ana Ruiz');
    await name.press('Enter');
    await expect(dialog.getByRole('group', { name: /^Set your name in the journal to “Ana Ruiz”\?/ })).toContainText('cannot be changed afterwards');
    await expect(dialog.getByRole('button', { name: 'Change it' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Yes, set “Ana Ruiz”' }).click();
    await expect(dialog).toBeHidden();
    await expect(await madeByOfNewInvoice(page)).toHaveText(`Ana Ruiz on ${COMPUTER}`);
  });

  test('may be left for later: the entries made meanwhile say the name was not set', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: 'Your name in the journal' });
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();
    const madeBy = await madeByOfNewInvoice(page);
    await expect(madeBy).toHaveText(`name not set, on ${COMPUTER}`);
    await expect(madeBy).not.toContainText('—');
  });
});

test('the country picker: ger, Down, Enter picks Germany, and the list opens where the window has room', async ({ page }) => {
  await openInvoices(page);
  await invoiceForm(page).getByRole('radio', { name: 'Legal entity' }).check();
  const country = invoiceForm(page).getByRole('combobox', { name: 'Country of registration' });
  // The picker at the bottom of the window: the list opens above it, inside the window.
  await country.evaluate((input) => input.scrollIntoView({ block: 'end' }));
  await country.fill('ger');
  const list = invoiceForm(page).getByRole('listbox');
  await expect(list).toBeVisible();
  const [inputBox, listBox] = [await country.boundingBox(), await list.boundingBox()];
  const height = page.viewportSize()?.height ?? 0;
  expect(inputBox && listBox && inputBox.y + inputBox.height > height - 120).toBe(true);
  expect(listBox && listBox.y >= 0 && listBox.y + listBox.height <= height).toBe(true);
  expect(listBox && inputBox && listBox.y + listBox.height <= inputBox.y + 1).toBe(true);

  await country.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toHaveText('DEU Germany');
  await country.press('Enter');
  await expect(country).toHaveValue('Germany (DEU)');
});

test('a reference that is an e-mail address is refused in the form and by main; a mistyped mail domain gets a suggestion', async ({ page, bridge }) => {
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  await field(page, 'End user reference').fill('ada@example.com');
  await submitButton(page).click();
  await expect(field(page, 'End user reference')).toBeFocused();
  await expect(field(page, 'End user reference')).toHaveAccessibleDescription(/The end user reference cannot hold an e-mail address/);
  await field(page, 'Foreign id').fill('Ada Lovelace 1985-12-10');
  await field(page, 'Foreign id').blur();
  await expect(field(page, 'Foreign id')).toHaveAccessibleDescription(/The foreign id cannot hold a name with a birth date/);
  expect(createCalls(bridge.calls)).toBe(0);

  // Main refuses it whatever the renderer sends.
  const answer = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).merchantConsole?.invoke('invoices.create', {
      timer: false,
      title: 'Order 1',
      foreign_id: 'ada@example.com',
      currency: 'EUR',
      amount: '10.00',
      url_success: 'https://shop.example.com/paid',
      url_failed: 'https://shop.example.com/failed',
      email_user: 'buyer@example.com',
      end_user_reference: 'cust-1',
    }),
  );
  // Main's refusal names the shared rule by its catalogue message; the window words it (shared/i18n/rule-message.ts).
  expect(answer).toEqual({
    ok: false,
    error: expect.objectContaining({ kind: 'invalid_request', fields: expect.objectContaining({ foreign_id: ruleMessage('rules.reference.email', { what: 'foreignId' }) }) }),
  });

  await field(page, 'Customer e-mail').fill('ada@gmial.com');
  await expect(field(page, 'Customer e-mail')).toHaveAccessibleDescription(/Did you mean ada@gmail\.com\?/);
  await invoiceForm(page).getByRole('button', { name: 'Use ada@gmail.com' }).click();
  await expect(field(page, 'Customer e-mail')).toHaveValue('ada@gmail.com');
  await expect(field(page, 'Customer e-mail')).not.toHaveAccessibleDescription(/Did you mean/);
});

test('each problem in its own words: an empty or http:// return address is not called an IP address', async ({ page }) => {
  await openInvoices(page);
  const success = field(page, 'Success URL');
  for (const [typed, words] of [
    ['', 'Enter the address, starting with https://'],
    ['http://', 'Enter a whole address, such as https://shop.example.com/paid'],
    ['https://10.0.0.1/paid', 'Use a domain name, not an IP address'],
  ] as const) {
    await success.fill(typed);
    await success.blur();
    await expect(success).toHaveAccessibleDescription(new RegExp(words.replace(/[.?]/g, '\\$&')));
  }
  await success.fill('http://');
  await success.blur();
  await expect(success).not.toHaveAccessibleDescription(/IP address/);

  await openAddresses(page);
  await expect(addressForm(page).getByRole('button', { name: 'Get deposit address' })).toBeVisible();
  await expect(addressForm(page).getByRole('button', { name: /^Take/ })).toHaveCount(0);
});

test('the heading that takes the focus at load shows no focus ring', async ({ page }) => {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).outlineStyle)).toBe('none');
});

test('the sender row on one line, and no placeholder that looks like a value', async ({ page }) => {
  await openInvoices(page);
  await naturalSender(page);
  const tops = await Promise.all(
    ['First name', 'Last name', 'Date of birth', 'Sender e-mail (optional)'].map(async (label) => (await field(page, label).boundingBox())?.y ?? -1),
  );
  for (const top of tops) expect(Math.abs(top - (tops[0] ?? 0))).toBeLessThanOrEqual(1);

  const placeholders = await invoiceForm(page).locator('[placeholder]').evaluateAll((elements) => elements.map((element) => element.getAttribute('placeholder')));
  expect(placeholders.filter((text) => text !== 'YYYY-MM-DD')).toEqual([]);
});

test('a Test connection error does not squeeze the profiles table', async ({ page, bridge }) => {
  await openScreen(page, 'Profiles');
  await addProfile(page, SERVICE_SANDBOX_PROFILE);
  const row = profileRow(page, SERVICE_SANDBOX_PROFILE.name);
  const baseUrl = row.locator('td').nth(1);
  const before = await baseUrl.boundingBox();
  bridge.failNext('profiles.test', {
    kind: 'network',
    message:
      'The service could not be reached: the connection to sandbox.example.com was refused after several tries, so nothing was tested; check the network, the proxy settings of this computer and the base URL, then test again.',
  });
  await row.getByRole('button', { name: /^Test connection/ }).click();
  await expect(row.getByTestId('test-result')).toContainText('could not be reached');
  const after = await baseUrl.boundingBox();
  expect(after?.width).toBeCloseTo(before?.width ?? 0, 0);
});
