import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CATALOGUES, say } from '../../shared/i18n/index.ts';
import type { MessageId } from '../../shared/i18n/index.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { exampleTransaction } from '../scenarios/transactions.ts';

/*
 * Every screen of the app on a German and on a French desktop (LANG as the Electron stand-in reads
 * it: docs/electron-standin.md), on the Local sandbox, each with something in it, saved in both
 * themes as e2e/screenshots/<screen>-<language>-<theme>.png; the reviewed copies are in
 * docs/screens/ (its README, "In German and French").
 *
 * The spec finds things by the catalogues' words in the window's language, and fills forms by their
 * fields' names; each screen's heading is checked in the window's language, so a screen that still
 * spoke English would fail here.
 */

type Language = 'de' | 'fr';

/** The desktops: the window's language and the LANG that starts the app in it. */
const DESKTOPS: ReadonlyArray<{ language: Language; name: string; lang: string }> = [
  { language: 'de', name: 'German', lang: 'de_DE.UTF-8' },
  { language: 'fr', name: 'French', lang: 'fr_FR.UTF-8' },
];

/** Each screen: its sidebar word and its heading. */
const SCREENS = {
  invoices: { nav: 'nav.invoices', title: 'invoices.title' },
  quote: { nav: 'nav.quote', title: 'quotes.title' },
  pairs: { nav: 'nav.pairs', title: 'pairs.title' },
  transactions: { nav: 'nav.transactions', title: 'transactions.title' },
  history: { nav: 'nav.history', title: 'history.title' },
  profiles: { nav: 'nav.profiles', title: 'profiles.title' },
  balances: { nav: 'nav.balances', title: 'balances.title' },
  addresses: { nav: 'nav.addresses', title: 'addresses.title' },
  withdrawals: { nav: 'nav.withdrawals', title: 'withdrawals.title' },
} as const satisfies Record<string, { nav: MessageId; title: MessageId }>;
type ScreenName = keyof typeof SCREENS;

/** The pictures this spec saves, in the order it takes them (docs/screens/README.md lists them). */
const LANGUAGE_SCREENSHOTS = [
  'shell',
  'transaction-lookup',
  'invoice-form',
  'invoice-result',
  'quote',
  'exchange-review',
  'withdrawal-form',
  'withdrawal-drafts',
  'address-form',
  'address-result',
  'history',
  'history-detail',
  'balances',
  'pairs',
  'profiles',
] as const;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The screen's heading as the window must show it, in the window's language. */
const headingOf = (language: Language, screen: ScreenName): string => say(language, SCREENS[screen].title);

/** An ICU message as a pattern: its arguments stand for any text (the figures of the result). */
const pattern = (language: Language, id: MessageId): RegExp =>
  new RegExp(`^${escaped(CATALOGUES[language][id]).replace(/\\\{[^}]*\\\}/g, '.+')}$`);

const field = (form: Locator, name: string): Locator => form.locator(`[name="${name}"]`);

/** Opens a screen from the sidebar, by its word in the window's language, and checks its heading. */
async function open(page: Page, language: Language, screen: ScreenName): Promise<void> {
  const nav = page.getByRole('navigation', { name: say(language, 'nav.label') });
  await nav.getByRole('button', { name: say(language, SCREENS[screen].nav), exact: true }).click();
  await expectHeading(page, language, screen);
}

/**
 * German and French words are longer than English ones: the header's tools must stay inside the
 * window (wrapping onto a second row), and a sidebar label must not run into its shortcut.
 */
async function expectShellFits(page: Page): Promise<void> {
  const width = await page.locator('html').evaluate((html) => html.clientWidth);
  const tools = await page.locator('.app-header select').evaluateAll((selects) =>
    selects.map((select) => ({ name: select.getAttribute('data-testid') ?? select.id, right: Math.round(select.getBoundingClientRect().right) })),
  );
  expect(tools.length).toBeGreaterThan(2);
  expect(tools.filter(({ right }) => right > width), `header tools past the window's ${width} px`).toEqual([]);
  const clashes = await page.locator('.nav-item').evaluateAll((items) =>
    items.flatMap((item) => {
      const label = item.querySelector('span')?.getBoundingClientRect();
      const shortcut = item.querySelector('kbd')?.getBoundingClientRect();
      return label && shortcut && label.right > shortcut.left ? [item.textContent ?? ''] : [];
    }),
  );
  expect(clashes, 'sidebar labels running into their shortcut').toEqual([]);
}

async function expectHeading(page: Page, language: Language, screen: ScreenName): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: headingOf(language, screen) })).toBeVisible();
}

/** A natural person as the sender, through the shared sender fields (still English: found by their field names). */
async function naturalSender(form: Locator): Promise<void> {
  await form.locator('input[name="sender_type"][value="natural"]').check();
  await field(form, 'sender_data.first_name').fill('Ada');
  await field(form, 'sender_data.last_name').fill('Lovelace');
  await field(form, 'sender_data.date_of_birth').fill('1985-12-10');
}

/** Amounts as a person in that country types them into a field that reads the regional format (New invoice). */
const INVOICE_AMOUNT: Record<Language, string> = { de: '100,50', fr: '100,50' };
const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

for (const { language, name, lang } of DESKTOPS) {
  test.describe(`on a ${name} desktop (LANG=${lang})`, () => {
    test.use({ mainEnv: { LANG: lang } });

    test(`every screen speaks ${name}, saved in both themes as <screen>-${language}-<theme>.png`, async ({ page, services }) => {
      // Fifteen screens, each drawn twice; the pictures are the spec's point, so it takes its time.
      test.setTimeout(300_000);
      const taken: string[] = [];
      const shoot = async (screen: (typeof LANGUAGE_SCREENSHOTS)[number]) => {
        taken.push(screen);
        await screenshotBothThemes(page, screen, language);
      };

      await test.step('the shell', async () => {
        expect(services.locale.current().language).toBe(language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('navigation', { name: say(language, 'nav.label') })).toBeVisible();
        await expect(page.getByTestId('theme-select')).toHaveAccessibleName(say(language, 'theme.label'));
        await expectHeading(page, language, 'invoices');
        await expectShellFits(page);
        await shoot('shell');
      });

      await test.step('Transactions: a confirmed deposit looked up', async () => {
        await open(page, language, 'transactions');
        const form = page.getByRole('form', { name: say(language, 'transactions.form.title') });
        await expect(form).toBeVisible();
        const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
        await form.locator('input[name="by"][value="id"]').check();
        await field(form, 'value').fill(String(deposit.id));
        await field(form, 'value').press('Enter');
        const result = page.getByTestId('lookup-result');
        await expect(result).toBeVisible();
        await expect(result.getByRole('heading', { level: 2, name: say(language, 'transactions.result.title', { id: deposit.id }) })).toBeVisible();
        await shoot('transaction-lookup');
      });

      let invoiceForeignId = '';
      await test.step('New invoice: the form filled, then the invoice created', async () => {
        await open(page, language, 'invoices');
        const form = page.getByRole('form', { name: say(language, 'invoices.form.label') });
        await field(form, 'title').fill('Order 1001');
        await field(form, 'currency').selectOption('EUR');
        await field(form, 'amount').fill(INVOICE_AMOUNT[language]);
        await field(form, 'email_user').fill('buyer@example.com');
        await field(form, 'end_user_reference').fill('cust-42');
        await field(form, 'url_success').fill('https://shop.example.com/paid');
        await field(form, 'url_failed').fill('https://shop.example.com/not-paid');
        await naturalSender(form);
        invoiceForeignId = await field(form, 'foreign_id').inputValue();
        expect(invoiceForeignId).toMatch(/^inv-/);
        await page.locator('h1').scrollIntoViewIfNeeded();
        await shoot('invoice-form');
        await form.getByRole('button', { name: say(language, 'invoices.form.submit') }).click();
        const result = page.getByTestId('invoice-result');
        await expect(result.getByRole('heading', { level: 2, name: pattern(language, 'invoices.result.heading') })).toBeVisible();
        await shoot('invoice-result');
      });

      await test.step('Live quote: a quote, then its exchange review', async () => {
        await open(page, language, 'quote');
        const form = page.getByRole('form', { name: say(language, 'quotes.form.title') });
        await field(form, 'sender_currency').selectOption('BTC');
        await field(form, 'receiver_currency').selectOption('EUR');
        await field(form, 'amount').fill('0.01');
        await field(form, 'amount').press('Enter');
        const quote = page.getByTestId('live-quote');
        await expect(quote.getByRole('heading', { level: 2, name: say(language, 'quotes.card.title', { from: 'BTC', to: 'EUR' }) })).toBeVisible();
        await shoot('quote');
        await quote.getByRole('button', { name: say(language, 'quotes.card.exchange') }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('heading', { name: say(language, 'quotes.exchange.reviewTitle') })).toBeVisible();
        await shoot('exchange-review');
        await dialog.getByRole('button', { name: say(language, 'quotes.exchange.cancel'), exact: true }).click();
        await expect(dialog).toBeHidden();
      });

      await test.step('Withdrawal: the form filled, then the draft in the list', async () => {
        await open(page, language, 'withdrawals');
        const form = page.getByRole('form', { name: say(language, 'withdrawals.form.name') });
        await field(form, 'amount').fill('0.001');
        await field(form, 'address').fill(ADDRESS);
        await field(form, 'address').blur();
        await expect(page.getByTestId('address-check')).toHaveText(say(language, 'withdrawals.form.checked'));
        await naturalSender(form);
        await form.locator('input[name="receiver_type"][value="self"]').check();
        await page.locator('h1').scrollIntoViewIfNeeded();
        await shoot('withdrawal-form');
        await form.getByRole('button', { name: say(language, 'withdrawals.form.submit') }).click();
        const draft = page.locator('[data-testid^="withdrawal-draft-"]');
        await expect(draft).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 2, name: say(language, 'withdrawals.list.heading') })).toBeVisible();
        await draft.scrollIntoViewIfNeeded();
        await shoot('withdrawal-drafts');
      });

      await test.step('Deposit address: the form filled, then the address', async () => {
        await open(page, language, 'addresses');
        const form = page.locator('form.address-form');
        await field(form, 'currency').selectOption('BTC');
        await field(form, 'end_user_reference').fill('cust-42');
        await naturalSender(form);
        await shoot('address-form');
        await form.locator('button[type="submit"]').click();
        const result = page.getByTestId('address-result');
        await expect(result.getByTestId('deposit-address')).toHaveText(/\S{20,}/);
        await expect(result.getByTestId('deposit-currency')).toHaveText('BTC');
        await shoot('address-result');
      });

      await test.step('History: the payments made above, then the invoice’s entry', async () => {
        await open(page, language, 'history');
        const rows = page.locator('table.history-table tbody tr');
        await expect(rows.filter({ hasText: invoiceForeignId })).toHaveCount(1);
        await shoot('history');
        await rows.filter({ hasText: invoiceForeignId }).locator('td[data-column="operation"] button').click();
        const detail = page.getByTestId('entry-detail');
        await expect(detail).toBeVisible();
        await expect(detail.locator('#history-entry-title')).toBeVisible();
        await expect(detail).toContainText(invoiceForeignId);
        await shoot('history-detail');
        await page.keyboard.press('Escape');
        await expect(detail).toBeHidden();
      });

      await test.step('Balances', async () => {
        await open(page, language, 'balances');
        await expect(page.locator('table.balances-table tbody tr[data-currency="BTC"]')).toBeVisible();
        await expect(page.getByTestId('balances-fetched')).toBeVisible();
        await shoot('balances');
      });

      await test.step('Pairs', async () => {
        await open(page, language, 'pairs');
        await expect(page.getByTestId('pairs-table').getByTestId('pair-row').first()).toBeVisible();
        await shoot('pairs');
      });

      await test.step('Profiles', async () => {
        await open(page, language, 'profiles');
        await expect(page.locator('table.profiles-table tbody tr').first()).toBeVisible();
        await expect(page.getByTestId('key-hint').first()).toHaveText(/^…[0-9a-f]{4}$/);
        await shoot('profiles');
      });

      // Every picture taken, and each listed in docs/screens/README.md under its name.
      expect(taken).toEqual([...LANGUAGE_SCREENSHOTS]);
      const listed = await readFile(resolve(import.meta.dirname, '../../docs/screens/README.md'), 'utf8');
      for (const screen of taken) for (const theme of ['light', 'dark']) expect(listed).toContain(`(${screen}-${language}-${theme}.png)`);
    });
  });
}
