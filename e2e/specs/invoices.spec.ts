import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-book.ts';
import { COPY_ASKED_AND_GRANTED, readClipboard } from '../harness/clipboard.ts';
import { expect, test } from '../harness/fixtures.ts';
import { escapeRegExp } from '../harness/words.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { countdownText, countryNamed } from '../scenarios/shared-words.ts';
import { amountInWords } from '../../shared/locale/index.ts';
import {
  breakInvoiceCreation,
  createInvoice,
  field,
  fillInvoice,
  invoiceForm,
  leaveOutSender,
  naturalSender,
  openInvoices,
  ORDER,
  result,
  sandboxInvoices,
  submitButton,
} from '../scenarios/invoices.ts';

const createCalls = (calls: readonly string[]) => calls.filter((channel) => channel === 'invoices.create').length;

/*
 * Runs on an English desktop and again on a German one (playwright.config.ts): the screen's words come
 * through `words`, in the run's language. The shared parts still in English (sender, references, the
 * foreign id field, submission notices, the countdown, amounts) and the form rules' messages of
 * shared/api keep their English words here.
 */

test.beforeEach(async ({ page }) => {
  await openInvoices(page);
});

test('creates an invoice and shows its id, status, payment URL, QR code and countdown', async ({ page, services, bridge, browser, electronApp, words }) => {
  const foreignId = await field(page, words('components.foreignId.label')).inputValue();
  expect(foreignId).toMatch(/^inv-\d{8}-[a-z2-9]{8}$/);
  await fillInvoice(page);
  await field(page, words('invoices.form.description')).fill('Two blue mugs');
  await expect(invoiceForm(page)).toContainText(words('invoices.form.titleCount', { count: 10 }));
  await invoiceForm(page).getByRole('radio', { name: words.within('invoices.type.goodUntilExpired.label') }).check();
  await invoiceForm(page).getByRole('checkbox', { name: words.within('invoices.timer.label') }).check();
  await leaveOutSender(page);
  await page.getByRole('heading', { level: 1, name: words('invoices.title') }).scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, 'invoice-form');

  await field(page, words('invoices.form.failureUrl')).press('Enter'); // Enter submits
  await expect(result(page)).toBeVisible();
  const [invoice] = await sandboxInvoices(services);
  expect(invoice).toMatchObject({ foreign_id: foreignId, status: 'created', amount: '100.50000000', currency: 'EUR' });
  await expect(result(page).getByTestId('invoice-id')).toHaveText(String(invoice?.id));
  await expect(result(page).getByTestId('invoice-status')).toHaveText('created');
  await expect(result(page).getByTestId('invoice-foreign-id')).toHaveText(foreignId);
  await expect(result(page).getByTestId('payment-url')).toHaveText(invoice?.url ?? 'missing');
  await expect(result(page)).toContainText(`${words.written('100.50', 2)} EUR`); // at EUR's places, in the run's formats; the service sent 100.50000000
  await expect(result(page).getByRole('img', { name: words('invoices.result.qr') })).toBeVisible();
  const countdown = result(page).getByRole('timer', { name: words('invoices.result.timeLeft') });
  await expect(countdown).toHaveText(countdownText(words, '1[45]:\\d\\d'));
  const first = Number(await countdown.getAttribute('data-seconds'));
  await expect.poll(async () => Number(await countdown.getAttribute('data-seconds'))).toBeLessThan(first);
  await expect(page.getByTestId('announcer')).toHaveText(words('invoices.form.createdAnnounce', { id: invoice?.id, status: 'created' }));
  await screenshotBothThemes(page, 'invoice-result');

  const paymentUrl = words('invoices.result.paymentUrlWhat');
  await result(page).getByRole('button', { name: words('common.copyLabel', { what: paymentUrl }) }).click();
  await expect(page.getByTestId('announcer')).toHaveText(words('common.copiedAnnounce', { what: paymentUrl }));
  expect(electronApp.standin.permissionRequests).toEqual([COPY_ASKED_AND_GRANTED]);
  expect(await readClipboard(browser)).toBe(invoice?.url);

  await result(page).getByRole('button', { name: words('invoices.result.open') }).click();
  await expect(page.getByTestId('announcer')).toHaveText(words('invoices.result.opened'));
  expect(electronApp.standin.desktop.openedExternally).toEqual([invoice?.url]);
  expect(bridge.calls).toContain('shell.openPaymentPage');

  await result(page).getByRole('button', { name: words('invoices.result.likeThis') }).click();
  await expect(field(page, words('invoices.form.title'))).toHaveValue(ORDER.title);
  await expect(field(page, words('invoices.form.title'))).toBeFocused();
  await expect(field(page, words('invoices.form.amount'))).toHaveValue(words.typed(ORDER.amount));
  await expect(field(page, words('invoices.form.description'))).toHaveValue('Two blue mugs');
  await expect(invoiceForm(page).getByRole('checkbox', { name: words.within('invoices.timer.label') })).toBeChecked();
  const again = await field(page, words('components.foreignId.label')).inputValue();
  expect(again).toMatch(/^inv-\d{8}-[a-z2-9]{8}$/);
  expect(again).not.toBe(foreignId);
});

test('a double click sends one request and creates one invoice', async ({ page, services, bridge }) => {
  await fillInvoice(page);
  await leaveOutSender(page);
  await submitButton(page).dblclick();
  await expect(result(page)).toBeVisible();
  expect(createCalls(bridge.calls)).toBe(1);
  expect(await sandboxInvoices(services)).toHaveLength(1);
});

test('a timer invoice with a payment currency needs the sender (rule 2), then counts down from seconds_left', async ({ page, services, bridge, words }) => {
  await fillInvoice(page);
  await invoiceForm(page).getByRole('checkbox', { name: words.within('invoices.timer.label') }).check();
  await field(page, words('invoices.form.paymentCurrency')).selectOption('BTC');
  await expect(invoiceForm(page)).toContainText(words('invoices.form.senderRequired'));
  // The "leave out" confirmation is not offered: it cannot be left out.
  await expect(invoiceForm(page).getByRole('checkbox', { name: words('components.sender.confirmLeftOut') })).toHaveCount(0);
  await submitButton(page).click();
  await expect(invoiceForm(page)).toContainText(words('rules.invoice.senderRequired'));
  expect(createCalls(bridge.calls)).toBe(0);

  await naturalSender(page);
  await field(page, words('components.sender.email')).fill('ada@example.com');
  await createInvoice(page);
  const [invoice] = await sandboxInvoices(services);
  expect(invoice).toMatchObject({ sender_currency: 'BTC', sender_amount: expect.stringMatching(/^\d+\.\d{8}$/) });
  await expect(result(page)).toContainText(words('invoices.result.customerPays'));
  await expect(result(page).getByRole('timer')).toHaveText(countdownText(words, '1[45]:\\d\\d'));

  // Like this: the same invoice for the next customer, so nothing of this customer's comes along.
  await result(page).getByRole('button', { name: words('invoices.result.likeThis') }).click();
  await expect(field(page, words('invoices.form.title'))).toHaveValue(ORDER.title);
  await expect(field(page, words('invoices.form.paymentCurrency'))).toHaveValue('BTC');
  await expect(invoiceForm(page).getByRole('checkbox', { name: words.within('invoices.timer.label') })).toBeChecked();
  await expect(invoiceForm(page).getByRole('radio', { name: words('components.sender.natural') })).toBeChecked();
  for (const label of [words('invoices.form.email'), words('components.party.firstName'), words('components.party.lastName'), words('components.party.dateOfBirth'), words('components.sender.email')]) {
    await expect(field(page, label), label).toHaveValue('');
  }
});

test('a legal entity is registered in a country chosen from the searchable list', async ({ page, services, words }) => {
  await fillInvoice(page);
  await invoiceForm(page).getByRole('radio', { name: words('components.sender.legal') }).check();
  await field(page, words('components.party.legalName')).fill('Acme Trading GmbH');
  const country = invoiceForm(page).getByRole('combobox', { name: words('components.party.countryOfRegistration') });
  await country.fill('germ');
  const list = invoiceForm(page).getByRole('listbox');
  await expect(list.getByRole('option').first()).toHaveText(`DEU ${countryNamed(words, 'Germany', 'DE')}`);
  await country.press('Enter'); // picks the highlighted country, does not submit
  await expect(country).toHaveValue(`${countryNamed(words, 'Germany', 'DE')} (DEU)`);
  await expect(result(page)).toHaveCount(0);
  // A text that names France alone: "fra" in English, the start of its name in another language (German names hold "fra" more often).
  await country.fill(words.language === 'en' ? 'fra' : countryNamed(words, 'France', 'FR').slice(0, 6));
  await country.press('ArrowDown');
  await country.press('ArrowUp');
  await expect(list.getByRole('option', { selected: true })).toHaveText(`FRA ${countryNamed(words, 'France', 'FR')}`);
  await list.getByRole('option', { name: `FRA ${countryNamed(words, 'France', 'FR')}` }).click();
  await expect(country).toHaveValue(`${countryNamed(words, 'France', 'FR')} (FRA)`);
  await createInvoice(page);
  expect(await sandboxInvoices(services)).toHaveLength(1);
});

test('every rule shows next to its field when the field is left, and nothing is sent', async ({ page, bridge, words }) => {
  const expectError = async (label: string, value: string, message: string | RegExp) => {
    const input = field(page, label);
    await input.fill(value);
    await input.blur();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(typeof message === 'string' ? new RegExp(message.replace(/[.()]/g, '\\$&')) : message);
  };
  const title = words('invoices.form.title');
  const amount = words('invoices.form.amount');
  // The rules' own messages of shared/api come from the catalogues (rules.*); the sender fields' labels are still in English.
  await expectError(title, '', words('rules.invoice.title'));
  await expectError(title, 'x'.repeat(51), words('rules.invoice.titleTooLong'));
  await expect(invoiceForm(page)).toContainText(words('invoices.form.titleCount', { count: 51 }));
  await expectError(words('invoices.form.description'), 'x'.repeat(1001), words('rules.invoice.description'));
  await expectError(words('components.foreignId.label'), '', words('rules.foreignId.empty'));
  await expectError(words('components.foreignId.label'), 'f'.repeat(256), words('rules.foreignId.tooLong'));
  await expectError(amount, '0', words('rules.amount.positive'));
  // An amount written in the other convention ("1.234,56" on an English desktop, "1,234.56" on a German one): its groups are misplaced.
  const example = words.written('1234.56');
  const decimal = words.written('0.5').charAt(1);
  const otherConvention = example.replace(/[.,]/g, (separator) => (separator === '.' ? ',' : '.'));
  await expectError(amount, otherConvention, words('rules.amountProblem.misplacedGroup', { example, plain: '1234.56', decimal }));
  await expectError(amount, words.typed('10.123'), words('rules.amount.placesOf', { code: 'EUR', places: 2 }));
  await field(page, words('invoices.form.currency')).selectOption('BTC');
  await expectError(amount, words.typed('0.123456789'), words('rules.amount.maxPlaces', { places: 8 }));
  await field(page, amount).fill(words.typed('0.12345678')); // 8 places are fine in BTC
  await expect(field(page, amount)).not.toHaveAttribute('aria-invalid');
  await expect(field(page, amount)).toHaveAccessibleDescription(
    `${words('invoices.form.amountNote', { currency: 'BTC', places: 8, example })} ${words('invoices.amountField.readBack', {
      amount: words.typed('0.12345678'),
      words: amountInWords('0.12345678', words.formatLocale),
    })}`,
  );
  const successUrl = words('invoices.form.successUrl');
  await expectError(successUrl, '', words('rules.url.empty'));
  await expectError(successUrl, 'http://', words('rules.url.whole'));
  await expectError(successUrl, 'http://shop.example.com/paid', words('rules.url.http'));
  await expectError(words('invoices.form.failureUrl'), 'https://192.168.1.10/failed', words('rules.url.domainName'));
  await expectError(words('invoices.form.email'), 'buyer@', words('rules.email.invalid'));

  await naturalSender(page, { first: 'Ada', last: '', born: '2999-01-01' });
  await expectError(words('components.party.lastName'), '', words('rules.sender.empty', { what: 'lastName' }));
  await expectError(words('components.party.dateOfBirth'), '', words('rules.sender.birthDate'));
  await expectError(words('components.party.dateOfBirth'), '10.12.1985', words('rules.sender.birthDateForm'));
  await expectError(words('components.party.dateOfBirth'), '2999-01-01', words('rules.sender.birthDateBeforeToday'));
  await expectError(words('components.party.dateOfBirth'), '1985-02-30', words('rules.sender.birthDateNotInCalendar', { text: '1985-02-30' }));
  await expectError(words('components.party.dateOfBirth'), '1885-12-10', words('rules.sender.birthDateFrom', { year: '1900' }));
  await expectError(words('components.sender.email'), 'ada@', words('rules.email.invalid'));

  await invoiceForm(page).getByRole('radio', { name: words('components.sender.legal') }).check();
  const country = invoiceForm(page).getByRole('combobox', { name: words('components.party.countryOfRegistration') });
  await country.fill('Atlantis');
  await country.blur();
  await expect(country).toHaveAccessibleDescription(words.within('rules.sender.country'));

  await invoiceForm(page).getByRole('radio', { name: words('components.sender.leaveOut') }).check();
  await submitButton(page).click();
  await expect(invoiceForm(page)).toContainText(words('invoices.form.confirmLeftOut'));
  expect(createCalls(bridge.calls)).toBe(0);
});

test('a reference that is an e-mail address is refused; one that only looks like personal data is warned about, but not blocked', async ({ page, services, bridge, words }) => {
  await fillInvoice(page);
  await naturalSender(page);
  await field(page, words('components.foreignId.label')).fill('ada@example.com');
  await submitButton(page).click();
  await expect(field(page, words('components.foreignId.label'))).toBeFocused();
  await expect(field(page, words('components.foreignId.label'))).toHaveAccessibleDescription(words.within('rules.reference.email', { what: 'foreignId' }));
  expect(createCalls(bridge.calls)).toBe(0);
  await field(page, words('components.foreignId.label')).fill('order-4711');
  await expect(field(page, words('components.foreignId.label'))).not.toHaveAttribute('aria-invalid');
  await field(page, words('components.references.endUserReference')).fill('+49 171 2345678');
  await expect(field(page, words('components.references.endUserReference'))).toHaveAccessibleDescription(words.within('components.personalData.phone', { field: 'endUserReference' }));
  await field(page, words('components.references.endUserReference')).fill('lovelace-7');
  await expect(field(page, words('components.references.endUserReference'))).toHaveAccessibleDescription(words.within('components.personalData.name', { field: 'endUserReference' }));
  await createInvoice(page);
  expect((await sandboxInvoices(services)).map((invoice) => invoice.foreign_id)).toEqual(['order-4711']);
});

test("the service's field errors land next to the field: a duplicate foreign id, a flagged URL", async ({ page, services, words }) => {
  await fillInvoice(page);
  await leaveOutSender(page);
  const firstId = await field(page, words('components.foreignId.label')).inputValue();
  await createInvoice(page);
  await result(page).getByRole('button', { name: words('invoices.result.likeThis') }).click();
  // The copy carries no personal data and no decision about the sender: both are made again.
  await field(page, words('invoices.form.email')).fill(ORDER.email);
  await leaveOutSender(page);
  await field(page, words('components.foreignId.label')).fill(firstId);
  await submitButton(page).click();
  const foreignId = field(page, words('components.foreignId.label'));
  await expect(foreignId).toHaveAccessibleDescription(/The foreign id has already been taken\./);
  await expect(foreignId).toBeFocused();
  await expect(page.getByTestId('duplicate-explained')).toContainText(words('components.duplicate.explained', { what: 'invoice' }));
  expect(await sandboxInvoices(services)).toHaveLength(1);

  await invoiceForm(page).getByRole('button', { name: words('components.foreignId.new') }).click();
  await expect(foreignId).not.toHaveValue(firstId);
  await expect(page.getByTestId('duplicate-explained')).toHaveCount(0);
  await field(page, words('invoices.form.successUrl')).fill('https://malware-test.example.com/paid');
  await submitButton(page).click();
  await expect(field(page, words('invoices.form.successUrl'))).toHaveAccessibleDescription(/flagged by malware scanners/);
  expect(await sandboxInvoices(services)).toHaveLength(1);
});

test('a network failure is told in plain words, and a gateway error as an unknown outcome; the form keeps its values', async ({
  page,
  services,
  electronApp,
  words,
}) => {
  await fillInvoice(page);
  await leaveOutSender(page);
  // A profile whose service does not listen: nothing can be sent (a real refused connection).
  const saved = await services.router.handle('profiles.save', {
    name: 'Nobody home',
    baseUrl: 'http://127.0.0.1:9/api/v2',
    apiKey: 'nobody-key-1234',
    secret: 'nobody-secret',
  });
  if (!saved.ok) throw new Error(`profiles.save failed: ${JSON.stringify(saved.error)}`);
  const nobody = (saved.value as { id: string }).id;
  await services.router.handle('profiles.select', { id: nobody });
  await submitButton(page).click();
  const alert = invoiceForm(page).getByRole('alert');
  // Main's platform failure, said in the window's language by the router.
  await expect(alert).toHaveText(
    new RegExp(`^${escapeRegExp(words('main.platform.api.network', { host: '127.0.0.1:9', why: words('main.platform.api.why', { code: 'ECONNREFUSED' }) }))}`),
  );
  await expect(page.getByTestId('outcome-unknown')).toHaveCount(0);
  await expect(field(page, words('invoices.form.title'))).toHaveValue(ORDER.title);
  await expect(field(page, words('invoices.form.amount'))).toHaveValue(words.typed(ORDER.amount));

  await services.router.handle('profiles.select', { id: LOCAL_SANDBOX_ID });
  // Removing a live profile asks in main's native message box (shell/confirm-dialog.ts): the person says yes.
  electronApp.standin.desktop.answerMessageBox((options) => (options.buttons ?? []).indexOf(words('main.profiles.remove.confirm')));
  expect((await services.router.handle('profiles.remove', { id: nobody })).ok).toBe(true);
  // A proxy's HTML 502: the service may have been reached, so the outcome is unknown; no HTML is shown.
  await breakInvoiceCreation(services, { fault: 'html-502', once: true });
  await submitButton(page).click();
  const notice = page.getByTestId('outcome-unknown');
  await expect(notice).toContainText(words('main.platform.api.lost.serverError', { status: 502 }));
  await expect(notice).not.toContainText('<');
  await expect(notice).not.toContainText('nginx');
  expect(await sandboxInvoices(services)).toHaveLength(0);

  await createInvoice(page); // the fault struck once; the same values now go through
  expect(await sandboxInvoices(services)).toHaveLength(1);
});

test('a lost answer is an unknown outcome with the foreign id to check; resending the same id creates no second invoice', async ({ page, services, bridge, words }) => {
  await fillInvoice(page);
  await leaveOutSender(page);
  const foreignId = await field(page, words('components.foreignId.label')).inputValue();
  // The service creates the invoice, then the connection is reset before the answer arrives.
  await breakInvoiceCreation(services, { fault: 'reset', after: true, once: true });
  await submitButton(page).click();
  const notice = page.getByTestId('outcome-unknown');
  await expect(notice).toContainText(words('components.outcomeUnknown.title'));
  await expect(notice.getByTestId('unknown-foreign-id')).toHaveText(foreignId);
  await expect(field(page, words('invoices.form.title'))).toHaveValue(ORDER.title);
  await expect(field(page, words('components.foreignId.label'))).toHaveValue(foreignId);
  expect((await sandboxInvoices(services)).map((invoice) => invoice.foreign_id)).toEqual([foreignId]);

  await invoiceForm(page).getByRole('button', { name: words('components.submitRow.sendAgain') }).click();
  await expect(field(page, words('components.foreignId.label'))).toHaveAccessibleDescription(/The foreign id has already been taken\./);
  await expect(page.getByTestId('duplicate-explained')).toContainText(words('components.duplicate.explained', { what: 'invoice' }));
  expect(createCalls(bridge.calls)).toBe(2);
  expect(await sandboxInvoices(services)).toHaveLength(1);
});

test('main opens only payment pages that the service returned', async ({ page, electronApp }) => {
  const answer = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).merchantConsole?.invoke('shell.openPaymentPage', { url: 'https://evil.example.com/pay' }),
  );
  expect(answer).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid_request' }) });
  expect(electronApp.standin.desktop.openedExternally).toEqual([]);
});
