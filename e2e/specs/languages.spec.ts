import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCALE_FILE } from '../../electron/platform/locale/index.ts';
import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-book.ts';
import { CATALOGUES } from '../../shared/i18n/catalogues.ts';
import { PSEUDO_LANGUAGE, wordRule, wordsFor } from '../../shared/i18n/index.ts';
import { pseudoMessage } from '../../shared/i18n/pseudo.ts';
import { checkDestination } from '../../shared/withdrawals/index.ts';
import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { clearFaults, setFault } from '../scenarios/sandbox.ts';
import { exampleTransaction } from '../scenarios/transactions.ts';

/**
 * The app in the staff's own language: taken from the OS (the Electron stand-in reads LANGUAGE,
 * LC_ALL, LC_MESSAGES and LANG as Electron does on Linux), chosen in the header over it, and the
 * pseudo-locale that shows a text cut off or not from the catalogues.
 */

const nav = (page: Page): Locator => page.locator('nav.sidebar');
const navItem = (page: Page, label: string): Locator => nav(page).getByRole('button', { name: label, exact: true });

test.describe('on a German desktop (LANG=de_DE.UTF-8)', () => {
  test.use({ mainEnv: { LANG: 'de_DE.UTF-8' } });

  test('starts in German, with German formats, and the transaction lookup speaks German', async ({ page, services }) => {
    expect(services.locale.current()).toEqual({ language: 'de', formatLocale: 'de-DE' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(nav(page)).toHaveAttribute('aria-label', 'Ansichten');
    await navItem(page, 'Transaktionen').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transaktionen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Transaktion suchen' })).toBeVisible();
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect(page.getByText('Geben Sie eine Transaktions-ID ein')).toBeVisible();
    await expect(page.getByTestId('language-select')).toHaveValue('');
    await expect(page.getByTestId('language-select').locator('option').first()).toHaveText('Wie im System (Deutsch)');
  });

  test('main’s own failures reach the window in German: the router’s refusal of a payload, and a network failure', async ({ page, services }) => {
    const refused = await page.evaluate(() => (globalThis as unknown as PageGlobals).merchantConsole?.invoke('transactions.lookup', { id: 'one' }));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_request', message: 'Einige Felder sind ungültig.' } });

    await setFault(services, 'transactions/info', { kind: 'reset' });
    try {
      await navItem(page, 'Transaktionen').click();
      await page.locator('.lookup-form input[type="text"], .lookup-form input:not([type])').first().fill('1');
      await page.getByRole('button', { name: 'Suchen', exact: true }).click();
      await expect(page.getByText(/Keine Verbindung zum Dienst unter .*: die Verbindung wurde geschlossen, bevor die Antwort vollständig war\./)).toBeVisible();
    } finally {
      await clearFaults(services);
    }
  });

  test('a person’s choice of French wins over the OS, is kept by main and said by main too', async ({ page, services, electronApp }) => {
    await page.getByTestId('language-select').selectOption('fr');
    await expect(navItem(page, 'Transactions')).toBeVisible();
    await expect(navItem(page, 'Historique')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // Regional formats still follow the system until they are chosen too.
    expect(services.locale.current()).toEqual({ language: 'fr', formatLocale: 'de-DE' });
    expect(services.locale.say('main.lookup.unsupported')).toBe('Ce service ne permet pas la recherche par hash ; cherchez dans le back-office.');
    expect(JSON.parse(await readFile(join(electronApp.dataDir, LOCALE_FILE), 'utf8'))).toEqual({ version: 1, override: { language: 'fr', formatLocale: null } });
    await page.reload();
    await expect(navItem(page, 'Historique')).toBeVisible();
    // The formats, chosen apart from the language.
    await page.getByTestId('formats-select').selectOption('fr-CH');
    await expect.poll(() => services.locale.current()).toEqual({ language: 'fr', formatLocale: 'fr-CH' });
    await expect(page.getByTestId('formats-select').locator('option:checked')).toHaveText(/^français.*suisse/i);
  });
});

/** More than `least` texts, each from the catalogues (no plain English outside its brackets) and whole (not overflowing its box). */
async function expectWholePseudoTexts(texts: Locator, least: number): Promise<void> {
  const seen = await texts.evaluateAll((elements) =>
    elements.map((element) => ({ text: element.textContent ?? '', overflows: element.scrollWidth > element.clientWidth + 1 })),
  );
  expect(seen.length).toBeGreaterThan(least);
  const plainEnglish = seen.filter(({ text }) => /[a-z]{3}/.test(text.replace(/\[[^\]]*\]/g, '')));
  expect(plainEnglish, 'text not from the catalogues').toEqual([]);
  expect(seen.filter(({ overflows }) => overflows), 'text cut off').toEqual([]);
}

test.describe('in the pseudo-locale (tests only)', () => {
  test.use({ mainEnv: { MERCHANT_CONSOLE_PSEUDO_LOCALE: '1' } });

  test('every word of the shell and the lookup screen is from the catalogues, and none is cut off', async ({ page, services }) => {
    await page.getByTestId('language-select').selectOption('en-XA');
    await expect(navItem(page, '[Ţŕáñšáçţíóñš~~~~~]')).toBeVisible();
    await navItem(page, '[Ţŕáñšáçţíóñš~~~~~]').click();
    await expect(page.getByRole('heading', { level: 1, name: '[Ţŕáñšáçţíóñš~~~~~]' })).toBeVisible();

    // The sidebar, the header and the form: each text whole (its closing bracket shown) and not overflowing its box.
    const texts = page.locator('nav.sidebar .nav-item > span, .app-header label, .lookup-form h2, .lookup-form legend, .lookup-form label, .lookup-form button');
    await expectWholePseudoTexts(texts, 15);

    // A looked-up deposit: its headings, terms and status from the catalogues too.
    const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
    await page.locator('.lookup-form input[type="text"], .lookup-form input:not([type])').first().fill(String(deposit.id));
    await page.locator('.lookup-form button[type="submit"]').click();
    await expect(page.getByTestId('lookup-result')).toBeVisible();
    const result = await page
      .locator('.lookup-result h2, .lookup-result h3, .lookup-result dt, .lookup-result th, [data-testid="tx-status"], [data-testid="tx-status-meaning"]')
      .evaluateAll((elements) =>
        elements
          // Additional details and other fields are named by the service's own keys: data, not words.
          .filter((element) => !element.closest('section[aria-labelledby="details-title"], section[aria-labelledby="others-title"]') || element.tagName === 'H2')
          .map((element) => ({ text: element.textContent ?? '', overflows: element.scrollWidth > element.clientWidth + 1 })),
      );
    expect(result.length).toBeGreaterThan(10);
    // Codes and values as the service sent them stay as they are (confirmed, deposit, BTC, ids): only words are checked.
    const words = result.filter(({ text }) => /[a-z]{3}/.test(text.replace(/\[[^\]]*\]/g, '').replace(/\b(confirmed|deposit|blockchain)\b/g, '')));
    expect(words, 'text not from the catalogues').toEqual([]);
    expect(result.filter(({ overflows }) => overflows), 'text cut off').toEqual([]);
  });

  test('the withdrawal form and the drafts list are from the catalogues, and none of their words is cut off', async ({ page }) => {
    await page.getByTestId('language-select').selectOption('en-XA');
    const withdrawal = pseudoMessage('Withdrawal');
    await navItem(page, withdrawal).click();
    await expect(page.getByRole('heading', { level: 1, name: withdrawal })).toBeVisible();
    await expect(page.locator('.withdrawal-list h2')).toHaveText(pseudoMessage('Drafts'));

    // The form's own parts, the shared sender section, its receiver, and the list's heading.
    const texts = page.locator(
      '.withdrawal-form .form-columns legend, .withdrawal-form .form-columns label, .withdrawal-form .sender-section > legend, .withdrawal-form .sender-section .choice span, .withdrawal-form fieldset:has(input[value="self"]) legend, .withdrawal-form fieldset:has(input[value="self"]) .choice span, .withdrawal-form .form-actions button, .withdrawal-list h2',
    );
    await expectWholePseudoTexts(texts, 15);
    // The lead wraps; its pseudo padding is one run of some hundred tildes, a "word" no language has, so only its words are checked.
    await expect(page.locator('.withdrawals-screen .lead')).toHaveText(pseudoMessage(CATALOGUES.en['withdrawals.lead']));

    // The payout file, "I withdraw alone" and the approval policy (on this profile without a team journal, its one sentence).
    await expect(page.locator('.withdraw-alone [data-testid="withdraw-alone-state"]')).not.toBeEmpty();
    const parts = page.locator(
      '.payout-import h2, .payout-import > form > label.field, .payout-import > form > .form-actions button, .withdraw-alone h2, .withdraw-alone .form-actions button, .withdraw-alone [data-testid="withdraw-alone-state"], .withdrawal-policy h2',
    );
    await expectWholePseudoTexts(parts, 6);
    await expect(page.getByTestId('policy-no-team')).toHaveText(pseudoMessage(CATALOGUES.en['withdrawals.policy.noTeam']));

    // An address check's problem (shared/withdrawals), a rule's message worded in the window's language,
    // the character it names worded first: an invisible one inside a BTC address.
    const typed = 'bc1q\u200bxy';
    const address = page.locator('.withdrawal-form input[name="address"]');
    await address.fill(typed);
    await address.blur();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    const check = checkDestination('BTC', typed, null);
    const problem = wordRule(wordsFor(PSEUDO_LANGUAGE), check.ok ? '' : (check.problems[0]?.message ?? ''));
    expect(problem).toMatch(/^\[Çĥáŕáçţéŕ 5 .*\[áñ íñṽíšíƀļé çĥáŕáçţéŕ \(U\+200B\)~+\]/);
    await expect(page.locator('.withdrawal-form .field:has(input[name="address"]) .field-error')).toHaveText(problem);
  });

  test('every word of the New invoice form that is the screen’s own is from the catalogues, and none is cut off', async ({ page }) => {
    await page.getByTestId('language-select').selectOption('en-XA');
    const newInvoice = pseudoMessage(CATALOGUES.en['nav.invoices']);
    await navItem(page, newInvoice).click();
    await expect(page.getByRole('heading', { level: 1, name: newInvoice })).toBeVisible();
    await expect(page.locator('form.invoice-form')).toBeVisible();

    // The screen's own texts: heading and lead, the Invoice section whole (its fields, hints, type and
    // timer), the customer section's legend, e-mail and URL fields, and the submit button. The
    // shared parts (references, sender, currency notices) are other screens' too, checked with them.
    const texts = page.locator(
      [
        '.invoices-screen h1',
        '.invoices-screen > .lead',
        '.invoice-form .form-columns > fieldset:first-child :is(legend, label, .field-hint, .choice strong, .choice-line)',
        '.invoice-form .form-columns > fieldset:nth-child(2) > legend',
        '.invoice-form .form-columns > fieldset:nth-child(2) .field:has(input[type="email"], input[type="url"]) > :is(label, .field-hint)',
        '.invoice-form button[type="submit"]',
      ].join(', '),
    );
    // Currency codes, the example amounts and the example URLs are data, not words.
    await expectWholePseudoTexts(texts, 20);
  });

  test('the shared form parts of New invoice (references, foreign id, the sender and its fields) are from the catalogues, and none is cut off', async ({ page }) => {
    await page.getByTestId('language-select').selectOption('en-XA');
    const newInvoice = pseudoMessage(CATALOGUES.en['nav.invoices']);
    await navItem(page, newInvoice).click();
    const form = page.locator('form.invoice-form');
    await expect(form).toBeVisible();

    // The references (end user reference, foreign id with its counter and New id) and the sender's choices.
    const shared = [
      '.invoice-form .field:has(> input[name="end_user_reference"]) > :is(label, .field-hint)',
      '.invoice-form .foreign-id-row :is(label, .field-note, button)',
      '.invoice-form .sender-section > legend',
      '.invoice-form .sender-section .choice span',
    ];
    await expectWholePseudoTexts(page.locator(shared.join(', ')), 6);

    // A natural person's fields, then a legal entity's with the country picker.
    await form.locator('.sender-section input[value="natural"]').check();
    await expectWholePseudoTexts(page.locator('.invoice-form .sender-grid :is(label, .field-hint)'), 4);
    await form.locator('.sender-section input[value="legal"]').check();
    await expectWholePseudoTexts(page.locator('.invoice-form .sender-grid :is(label, .field-hint)'), 3);
    await expect(form.locator('.country-picker [role="listbox"]')).toHaveAttribute('aria-label', pseudoMessage(CATALOGUES.en['components.countryPicker.matches']).replace('{label}', pseudoMessage(CATALOGUES.en['components.party.countryOfRegistration'])));
  });

  test('every word of the Profiles screen, its profile form and team journal section is from the catalogues, and none is cut off', async ({ page }) => {
    await page.getByTestId('language-select').selectOption('en-XA');
    const profiles = pseudoMessage(CATALOGUES.en['nav.profiles']);
    await navItem(page, profiles).click();
    await expect(page.getByRole('heading', { level: 1, name: pseudoMessage(CATALOGUES.en['profiles.title']) })).toBeVisible();
    await expect(page.locator('.profiles-table')).toBeVisible();

    // The screen's head, "Your name in the journal" (no name set yet), the table's columns and the
    // local sandbox's row: its marks and its buttons (whose hidden words name the profile). The
    // profile's name and address are data, not words.
    await expectWholePseudoTexts(
      page.locator(
        [
          '.screen-head button',
          '.identity-panel h2',
          '.identity-panel label',
          '.identity-panel button',
          '.profiles-table th[scope="col"]',
          '.profiles-table .active-mark',
          '.profiles-table tbody td:nth-child(5)',
          '.profiles-table .row-actions button',
        ].join(', '),
      ),
      12,
    );
    // The paragraphs wrap; their pseudo padding is one run of some hundred tildes, a "word" no language has, so only their words are checked.
    const wordsOnly = async (texts: Locator, least: number) => {
      const seen = await texts.allTextContents();
      expect(seen.length).toBeGreaterThan(least);
      expect(seen.filter((text) => /[a-z]{3}/.test(text.replace(/\[[^\]]*\]/g, ''))), 'text not from the catalogues').toEqual([]);
    };
    await expect(page.locator('.screen > .lead')).toHaveText(pseudoMessage(CATALOGUES.en['profiles.lead']));
    await wordsOnly(page.locator('.identity-panel p'), 1);

    // The form to add a profile, its team journal section whole: legend, hints, labels, buttons.
    await page.locator('.screen-head button').click();
    const form = page.locator('form.profile-form');
    await expect(form).toBeVisible();
    await expectWholePseudoTexts(form.locator('h2, label, legend, .presets button, .row-actions button, .form-actions button'), 15);
    await wordsOnly(form.locator('.field-hint, [data-testid="team-journal-identity"]'), 6);
  });

  test('every word of the live quote and its exchange review is from the catalogues, and none is cut off', async ({ page }) => {
    await page.getByTestId('language-select').selectOption('en-XA');
    const screenName = pseudoMessage('Live quote');
    await navItem(page, screenName).click();
    await expect(page.getByRole('heading', { level: 1, name: screenName })).toBeVisible();
    await page.locator('.quote-form input[inputmode="decimal"]').fill('0.01');
    await page.locator('.quote-form button[type="submit"]').click();
    await expect(page.getByTestId('live-quote')).toBeVisible();
    await expect(page.getByTestId('from-balance')).toBeVisible();

    // Codes and figures are data (BTC, EUR, 0.01000000); only words are checked.
    await expectWholePseudoTexts(
      page.locator(
        '.quote-screen .lead, .quote-form h2, .quote-form legend, .quote-side label, .quote-form .field-hint, .quote-form button, [data-testid="from-balance"] p, [data-testid="quote-budget"], .quote-card h2, .quote-card dt, .quote-card-actions button, .quote-card .field-hint, .quote-card [role="timer"]',
      ),
      15,
    );

    // The review: its heading, terms and buttons (the exchange named with its amounts) from the catalogues too.
    await page.locator('.quote-card-actions .button-primary').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectWholePseudoTexts(dialog.locator('h2, .exchange-profile, .exchange-summary, dt, .dialog-actions button'), 8);
    await dialog.locator('.dialog-actions button').first().click();
    await expect(dialog).toBeHidden();
  });

  test('every word of Pairs, Balances and Deposit address that is the screens’ own is from the catalogues, and none is cut off', async ({ page }) => {
    const en = CATALOGUES.en;
    /** Words only, for texts that wrap: a pseudo text's padding is one run of tildes, a "word" no language has. */
    const expectPseudoWords = async (texts: Locator, least: number) => {
      const seen = await texts.allTextContents();
      expect(seen.length).toBeGreaterThan(least);
      expect(
        seen.filter((text) => /[a-z]{3}/.test(text.replace(/\[[^\]]*\]/g, ''))),
        'text not from the catalogues',
      ).toEqual([]);
    };
    await page.getByTestId('language-select').selectOption('en-XA');

    // Pairs: the heading, Refresh, the filter, the count and every column's name, whole; the notes' words.
    await navItem(page, pseudoMessage(en['nav.pairs'])).click();
    await expect(page.getByRole('heading', { level: 1, name: pseudoMessage(en['pairs.title']) })).toBeVisible();
    await expect(page.getByTestId('pairs-table')).toBeVisible();
    await expectWholePseudoTexts(page.locator('.pairs-screen h1, .pairs-screen .screen-head button, .pairs-toolbar label, .pairs-count, .pairs-table th .sort-label'), 10);
    await expectPseudoWords(page.locator('.pairs-banner, .pairs-screen > .lead, .pairs-toolbar .field-hint, [data-testid="pairs-fetched"]'), 3);

    // Balances: the heading, Refresh, the columns and the types, whole; the lead's and the fetch time's words.
    await navItem(page, pseudoMessage(en['nav.balances'])).click();
    await expect(page.getByRole('heading', { level: 1, name: pseudoMessage(en['balances.title']) })).toBeVisible();
    await expect(page.locator('.balances-table')).toBeVisible();
    await expectWholePseudoTexts(page.locator('.balances-screen h1, .balances-screen .screen-head button, .balances-table th[scope="col"], .balances-table td[data-column="type"]'), 6);
    await expectPseudoWords(page.locator('.balances-screen > .lead, [data-testid="balances-fetched"]'), 1);

    // Deposit address: the form's own parts (references and sender are shared components, checked with them).
    await navItem(page, pseudoMessage(en['nav.addresses'])).click();
    await expect(page.getByRole('heading', { level: 1, name: pseudoMessage(en['addresses.title']) })).toBeVisible();
    const form = page.locator('form.address-form');
    await expect(form).toBeVisible();
    await expectWholePseudoTexts(
      page.locator('.addresses-screen h1, .address-form .form-columns > fieldset > legend, .address-form .form-columns > fieldset:first-child label, .address-form button[type="submit"]'),
      4,
    );
    await expectPseudoWords(page.locator('.addresses-screen > .lead, .address-form .form-columns > fieldset:first-child .field-hint'), 2);

    // The address given: its heading, labels, terms and buttons whole; the notes' words.
    await form.locator('[name="end_user_reference"]').fill('cust-42');
    await form.locator('input[name="sender_type"][value="natural"]').check();
    await form.locator('[name="sender_data.first_name"]').fill('Ada');
    await form.locator('[name="sender_data.last_name"]').fill('Lovelace');
    await form.locator('[name="sender_data.date_of_birth"]').fill('1985-12-10');
    await form.locator('button[type="submit"]').click();
    const result = page.getByTestId('address-result');
    await expect(result).toBeVisible();
    await expectWholePseudoTexts(result.locator('h2, h3, .address-big-label, dt, .form-actions button, .address-sandbox-page button'), 8);
    await expectPseudoWords(result.locator('[data-testid="address-qr-caption"], :scope > p.muted, [data-testid="address-deposits-none"], .address-sandbox-page p'), 3);
    await expect(result.getByRole('img', { name: pseudoMessage(en['addresses.result.qrLabel']).replace('{currency}', 'BTC') })).toBeVisible();
  });

  test('every word of History, its banner and an entry’s detail is from the catalogues, and none is cut off', async ({ page, services }) => {
    // An invoice the service made, not paid yet: its outcome column says what the service answered (shared/api/outcome-words.ts).
    await services.journal.record(
      { profileId: LOCAL_SANDBOX_ID, profileName: 'Local sandbox', operation: 'invoices.create', foreignId: 'inv-pseudo-0', currency: 'EUR', amount: '10.00', request: { foreign_id: 'inv-pseudo-0' } },
      { state: 'succeeded', serviceId: '999999991', serviceStatus: 'created', httpStatus: 201, durationMs: 80 },
    );
    // An invoice whose answer was lost: a row, the attention banner, and the detail's steps and resolve form.
    await services.journal.record(
      { profileId: LOCAL_SANDBOX_ID, profileName: 'Local sandbox', operation: 'invoices.create', foreignId: 'inv-pseudo-1', currency: 'EUR', amount: '10.00', request: { foreign_id: 'inv-pseudo-1' } },
      { state: 'unknown', httpStatus: null, durationMs: 30000, message: 'The connection was reset.' },
    );
    // The entry was in the journal before the window opened: the window reads its attention list afresh.
    await page.reload();
    await page.getByTestId('language-select').selectOption('en-XA');
    const screenName = pseudoMessage(CATALOGUES.en['history.title']);
    await navItem(page, screenName).click();
    await expect(page.getByRole('heading', { level: 1, name: screenName })).toBeVisible();
    await expect(page.locator('table.history-table tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('attention-banner')).toBeVisible();
    await expect(page.locator('table.history-table tbody tr').filter({ hasText: 'inv-pseudo-0' }).locator('td[data-column="outcome"] [data-state]')).toHaveText(
      pseudoMessage(CATALOGUES.en['outcomes.invoice.created']),
    );

    // The screen's own words: search, table, count, export, and the banner's call and link. Ids and amounts are data.
    await expectWholePseudoTexts(
      page.locator(
        [
          '.history-search label',
          '.history-search button',
          'table.history-table th',
          'td[data-column="operation"] button',
          'td[data-column="outcome"] [data-state]',
          '[data-testid="history-count"]',
          '.history-export label',
          '.history-export button',
          '[data-testid="attention-banner"] strong',
          '[data-testid="attention-banner"] .attention-link',
        ].join(', '),
      ),
      15,
    );

    // The entry's detail: its terms, the state's meaning, what to do and the resolve form.
    await page.locator('table.history-table tbody tr').filter({ hasText: 'inv-pseudo-1' }).locator('td[data-column="operation"] button').click();
    const dialog = page.getByTestId('entry-detail');
    await expect(dialog.getByTestId('unknown-help')).toBeVisible();
    await expect(dialog.getByTestId('detail-request')).toBeVisible();
    await expectWholePseudoTexts(
      dialog.locator(
        '.history-dialog-close, .history-facts dt, [data-testid="detail-state"] .muted, .history-unknown h3, .history-unknown li, .history-resolve legend, .history-resolve label, .history-resolve button, .history-recorded h3',
      ),
      25,
    );
  });
});
