import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-book.ts';
import { qrPath } from '../../renderer/components/qr-path.ts';
import { COPY_ASKED_AND_GRANTED, readClipboard } from '../harness/clipboard.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import {
  addressField,
  addressForm,
  addressResult,
  fillAddress,
  legalSender,
  naturalSender,
  openAddresses,
  qrDrawing,
  sandboxAddresses,
  takeAddress,
  takeButton,
} from '../scenarios/addresses.ts';
import { cell, historyRows, openDetail, openHistory, searchText } from '../scenarios/history.ts';
import { clearFaults, setFault } from '../scenarios/sandbox.ts';

/*
 * Deposit addresses (docs/service-interface.md, "addresses/take") through main and the
 * local sandbox: the form with the invoice form's sender rules, the address to hand the customer,
 * its QR code, the tag a payment cannot do without, the journal, duplicates and lost answers.
 */

const takes = (calls: readonly string[]) => calls.filter((c) => c === 'addresses.take').length;

test.beforeEach(async ({ page }) => {
  await openAddresses(page);
});

test('a BTC address for a customer: the address with Copy, its bitcoin: code with no amount, and History without personal data', async ({
  page,
  services,
  browser,
  electronApp,
}) => {
  await fillAddress(page, { currency: 'BTC', reference: 'cust-42' });
  await naturalSender(page);
  await addressField(page, 'Sender e-mail (optional)').fill('ada@lovelace.example');
  const foreignId = await addressField(page, 'Foreign id').inputValue();
  expect(foreignId).toMatch(/^addr-\d{8}-[a-z2-9]{8}$/);
  await screenshotBothThemes(page, 'address-form');
  const shown = await takeAddress(page);

  const [given] = await sandboxAddresses(services);
  expect(given).toMatchObject({ currency: 'BTC', convert_to: null, tag: null, foreign_id: foreignId });
  expect(shown).toBe(given?.address);
  const result = addressResult(page);
  await expect(result.getByRole('heading', { name: 'BTC deposit address for cust-42' })).toBeFocused();
  await expect(result.getByTestId('deposit-tag-block')).toHaveCount(0);
  await expect(result.getByTestId('deposit-convert-to')).toHaveText('nothing: kept as it arrives');
  // The code holds bitcoin:<address>, no amount: drawn exactly as qrPath draws that text.
  expect(await qrDrawing(page)).toBe(qrPath(`bitcoin:${shown}`).d);
  await expect(result.getByRole('img', { name: 'QR code of the BTC deposit address' })).toBeVisible();
  await expect(result.getByTestId('address-qr-caption')).toContainText('with no amount');
  await expect(result.getByRole('link')).toHaveCount(0);
  await screenshotBothThemes(page, 'address-result');

  await result.getByRole('button', { name: 'Copy deposit address' }).click();
  await expect(page.getByTestId('announcer')).toHaveText('Copied deposit address');
  expect(electronApp.standin.permissionRequests).toEqual([COPY_ASKED_AND_GRANTED]);
  expect(await readClipboard(browser)).toBe(shown);

  // History: found by the address, and kept without the sender's personal data.
  await openHistory(page);
  await searchText(page, shown);
  await expect(historyRows(page)).toHaveCount(1);
  await expect(cell(historyRows(page).first(), 'operation')).toHaveText('Deposit address');
  await expect(cell(historyRows(page).first(), 'outcome')).toHaveText('Ready for deposits');
  await expect(cell(historyRows(page).first(), 'outcome')).toHaveAttribute('data-state', 'succeeded');
  await expect(cell(historyRows(page).first(), 'address')).toContainText(shown);
  const entry = await openDetail(page, foreignId);
  await expect(entry.getByTestId('detail-address')).toHaveText(shown);
  const request = (await entry.getByTestId('detail-request').textContent()) ?? '';
  expect(request).toContain('cust-42');
  for (const personal of ['Ada', 'Lovelace', '1985-12-10', 'ada@lovelace.example']) expect(request).not.toContain(personal);
});

test('XRP converted to EUR for a company: the tag as prominent as the address, with the warning, and in the code', async ({ page, services, browser }) => {
  await fillAddress(page, { currency: 'XRP', convertTo: 'EUR', reference: 'cust-77' });
  await legalSender(page);
  const shown = await takeAddress(page);
  const [given] = await sandboxAddresses(services);
  expect(given).toMatchObject({ currency: 'XRP', convert_to: 'EUR', address: shown });
  const tag = given?.tag ?? '';
  expect(tag).toMatch(/^\d+$/);

  const result = addressResult(page);
  const tagBlock = result.getByTestId('deposit-tag-block');
  await expect(tagBlock.getByTestId('deposit-tag')).toHaveText(tag);
  await expect(tagBlock).toContainText('Every payment to this address must carry this tag. A payment without it is lost');
  // As prominent as the address: the same size of type.
  type Styles = { getComputedStyle(element: unknown): { fontSize: string } };
  const size = (testId: string) => result.getByTestId(testId).evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).fontSize);
  expect(await size('deposit-tag')).toBe(await size('deposit-address'));
  expect(await qrDrawing(page)).toBe(qrPath(`ripple:${shown}?dt=${tag}`).d);
  await expect(result.getByTestId('deposit-convert-to')).toHaveText('EUR');
  await screenshotBothThemes(page, 'address-result-tag');

  await tagBlock.getByRole('button', { name: 'Copy tag' }).click();
  expect(await readClipboard(browser)).toBe(tag);
});

test('every rule of the form says what is wrong next to the field, and nothing is sent', async ({ page, bridge }) => {
  await addressField(page, 'Foreign id').fill('');
  await takeButton(page).click();
  await expect(addressField(page, 'End user reference')).toHaveAccessibleDescription(/Enter the end user reference/);
  await expect(addressField(page, 'Foreign id')).toHaveAccessibleDescription(/Enter a foreign id/);
  await expect(addressForm(page).getByRole('radiogroup', { name: 'Sender' })).toBeVisible();
  await expect(addressForm(page).getByText('Choose natural person or legal entity')).toBeVisible();
  // No leaving the sender out here: a deposit address always carries one.
  await expect(addressForm(page).getByRole('radio', { name: /Leave out/ })).toHaveCount(0);

  await addressField(page, 'Foreign id').fill('x'.repeat(256));
  await addressField(page, 'End user reference').fill('x'.repeat(256));
  await naturalSender(page, { first: ' ', last: 'Lovelace', born: '2999-01-01' });
  await addressField(page, 'Sender e-mail (optional)').fill('not-an-address');
  await takeButton(page).click();
  await expect(addressField(page, 'Foreign id')).toHaveAccessibleDescription(/A foreign id is at most 255 characters/);
  await expect(addressField(page, 'End user reference')).toHaveAccessibleDescription(/The end user reference is at most 255 characters/);
  await expect(addressField(page, 'First name')).toHaveAccessibleDescription(/Enter the first name/);
  await expect(addressField(page, 'Date of birth')).toHaveAccessibleDescription(/A date of birth lies before today/);
  await expect(addressField(page, 'Sender e-mail (optional)')).toHaveAccessibleDescription(/Enter a valid e-mail address/);

  await addressForm(page).getByRole('radio', { name: 'Legal entity' }).check();
  await addressField(page, 'Legal name').fill('Acme Trading GmbH');
  await takeButton(page).click();
  await expect(addressForm(page).getByRole('combobox', { name: 'Country of registration' })).toHaveAccessibleDescription(/Choose the country of registration/);
  expect(takes(bridge.calls)).toBe(0);

  // An e-mail address in a reference is refused before anything is sent.
  await legalSender(page);
  // One e-mail field serves both kinds of sender: it still holds the bad one.
  await expect(addressField(page, 'Sender e-mail (optional)')).toHaveValue('not-an-address');
  await addressField(page, 'Sender e-mail (optional)').fill('');
  await addressField(page, 'Foreign id').fill('addr-rules-1');
  await addressField(page, 'End user reference').fill('ada@example.com');
  await takeButton(page).click();
  await expect(addressField(page, 'End user reference')).toBeFocused();
  await expect(addressField(page, 'End user reference')).toHaveAccessibleDescription(/The end user reference cannot hold an e-mail address/);
  expect(takes(bridge.calls)).toBe(0);
});

test('a double click takes one address; taking it again under the same foreign id is explained as for invoices', async ({ page, services, bridge }) => {
  await fillAddress(page, { currency: 'BTC', reference: 'cust-42' });
  await naturalSender(page);
  const foreignId = await addressField(page, 'Foreign id').inputValue();
  await takeButton(page).dblclick();
  await expect(addressResult(page)).toBeVisible();
  expect(takes(bridge.calls)).toBe(1);
  expect(await sandboxAddresses(services)).toHaveLength(1);

  await addressResult(page).getByRole('button', { name: 'New deposit address' }).click();
  await fillAddress(page, { currency: 'BTC', reference: 'cust-42' });
  await naturalSender(page);
  await addressField(page, 'Foreign id').fill(foreignId);
  await takeButton(page).click();
  await expect(addressField(page, 'Foreign id')).toHaveAccessibleDescription(/The foreign id has already been taken\./);
  await expect(page.getByTestId('duplicate-explained')).toContainText('This foreign id was used before, so no second deposit address was made');
  expect(await sandboxAddresses(services)).toHaveLength(1);
  await addressForm(page).getByRole('button', { name: 'New id' }).click();
  await expect(page.getByTestId('duplicate-explained')).toHaveCount(0);
  await takeAddress(page);
  expect(await sandboxAddresses(services)).toHaveLength(2);
});

test('a network failure is told in plain words; a server error and a lost answer are unknown outcomes, and resending takes no second address', async ({
  page,
  services,
  bridge,
  electronApp,
}) => {
  await fillAddress(page, { currency: 'BTC', reference: 'cust-42' });
  await naturalSender(page);
  const foreignId = await addressField(page, 'Foreign id').inputValue();

  // A profile whose service does not listen: nothing can be sent (a real refused connection).
  const saved = await services.router.handle('profiles.save', { name: 'Nobody home', baseUrl: 'http://127.0.0.1:9/api/v2', apiKey: 'nobody-key-1234', secret: 'nobody-secret' });
  if (!saved.ok) throw new Error(`profiles.save failed: ${JSON.stringify(saved.error)}`);
  const nobody = (saved.value as { id: string }).id;
  await services.router.handle('profiles.select', { id: nobody });
  await takeButton(page).click();
  await expect(addressForm(page).getByRole('alert')).toHaveText(/^Could not talk to the service at 127\.0\.0\.1:9: the connection was refused/);
  await expect(page.getByTestId('outcome-unknown')).toHaveCount(0);
  await services.router.handle('profiles.select', { id: LOCAL_SANDBOX_ID });
  electronApp.standin.desktop.answerMessageBox((options) => (options.buttons ?? []).indexOf('Remove profile'));
  expect((await services.router.handle('profiles.remove', { id: nobody })).ok).toBe(true);

  // A server error: the service may have made it, so the outcome is unknown, with the foreign id to check.
  await setFault(services, 'addresses/take', { kind: 'status-500', once: true });
  await takeButton(page).click();
  const notice = page.getByTestId('outcome-unknown');
  await expect(notice).toContainText('The deposit address may or may not exist');
  await expect(notice.getByTestId('unknown-foreign-id')).toHaveText(foreignId);
  expect(await sandboxAddresses(services)).toHaveLength(0);

  // A lost answer: the service made it, the answer never came.
  await setFault(services, 'addresses/take', { kind: 'reset', after: true, once: true });
  await addressForm(page).getByRole('button', { name: 'Send again with the same foreign id' }).click();
  await expect(notice).toContainText('Outcome unknown');
  expect(await sandboxAddresses(services)).toHaveLength(1);
  await expect(addressField(page, 'Foreign id')).toHaveValue(foreignId);

  // Sending again reuses the foreign id: the service refuses a second address, and the console says why.
  await addressForm(page).getByRole('button', { name: 'Send again with the same foreign id' }).click();
  await expect(addressField(page, 'Foreign id')).toHaveAccessibleDescription(/The foreign id has already been taken\./);
  await expect(page.getByTestId('duplicate-explained')).toContainText('even if that attempt ended with an unknown outcome');
  expect(await sandboxAddresses(services)).toHaveLength(1);
  expect(takes(bridge.calls)).toBe(4);
  await clearFaults(services);

  // The journal of this profile: the duplicate refused (failed), and both tries that may have arrived (unknown).
  await openHistory(page);
  await searchText(page, foreignId);
  const rows = historyRows(page);
  await expect(rows).toHaveCount(3);
  await expect(cell(rows.nth(0), 'outcome')).toHaveText('No address given');
  await expect(cell(rows.nth(0), 'outcome')).toHaveAttribute('data-state', 'failed');
  for (const unknown of [rows.nth(1), rows.nth(2)]) {
    await expect(cell(unknown, 'outcome')).toHaveText('Outcome unknown');
    await expect(cell(unknown, 'outcome')).toHaveAttribute('data-state', 'unknown');
  }
});
