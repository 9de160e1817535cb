import { expect, test } from '../harness/fixtures.ts';
import { createInvoice, field, fillInvoice, invoiceForm, leaveOutSender, openInvoices, ORDER, sandboxInvoices, submitButton } from '../scenarios/invoices.ts';

// A computer whose regional formats are German and whose language is English (LANGUAGE before LANG,
// as Electron reads them on Linux: docs/electron-standin.md): main gives the window German formats,
// so the amount is typed in German or in the plain form (docs/amounts.md), on a screen in English.
test.use({ mainEnv: { LANGUAGE: 'en_US', LANG: 'de_DE.UTF-8' } });

test.beforeEach(async ({ page }) => {
  await openInvoices(page);
});

test('an invoice for "1.234,56" EUR typed in German reaches the service as 1234.56', async ({ page, services }) => {
  await fillInvoice(page, { ...ORDER, amount: '1.234,56', currency: 'EUR' });
  await expect(field(page, 'Amount')).toHaveAccessibleDescription(
    'In EUR, up to 2 decimal places: 1.234,56 or 1234.56. You entered: 1.234,56 — eintausendzweihundertvierunddreißig komma fünf sechs',
  );
  await leaveOutSender(page);
  await createInvoice(page);
  const [invoice] = await sandboxInvoices(services);
  expect(invoice).toMatchObject({ amount: '1234.56000000', currency: 'EUR' });
});

test('"1.234" typed in German is refused as ambiguous, and nothing is sent', async ({ page, services, bridge }) => {
  await fillInvoice(page, { ...ORDER, amount: '1.234', currency: 'EUR' });
  await leaveOutSender(page);
  await expect(field(page, 'Amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Amount')).toHaveAccessibleDescription(/“1\.234” can be read two ways: write 1234 for the whole number, or 1,234 for the decimal/);
  await submitButton(page).click();
  await expect(field(page, 'Amount')).toBeFocused();
  await field(page, 'Amount').fill('0,001');
  await field(page, 'Currency').selectOption('BTC');
  await expect(invoiceForm(page)).toContainText('You entered: 0,001 — null komma null null eins');
  expect(bridge.calls).not.toContain('invoices.create');
  expect(await sandboxInvoices(services)).toEqual([]);
});
