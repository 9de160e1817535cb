import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { fillAddress, naturalSender, openAddresses, takeAddress } from '../scenarios/addresses.ts';
import { balancesTable, openBalances } from '../scenarios/balances.ts';
import { openDetail, openHistory } from '../scenarios/history.ts';
import { createInvoice, field, fillInvoice, invoiceForm, leaveOutSender, openInvoices, ORDER } from '../scenarios/invoices.ts';
import { expectPairsLoaded, openPairs } from '../scenarios/pairs.ts';
import { openScreen } from '../scenarios/profiles.ts';
import { openQuote, openReview } from '../scenarios/quote.ts';
import { exampleTransaction, lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';

/**
 * axe-core's WCAG 2.2 A/AA rules on every screen, in both themes: the finance staff include people
 * on screen readers, keyboards and high-contrast needs, and a colour that passes in one theme can
 * fail in the other.
 */

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const SCREENS = ['New invoice', 'Live quote', 'Pairs', 'Transactions', 'History', 'Profiles', 'Balances', 'Deposit address', 'Withdrawal'] as const;

const THEMES = ['light', 'dark'] as const;

/** Each violation as a line a person can act on: the rule, its impact and the elements it found. */
async function violationsOn(page: Page): Promise<string[]> {
  // Legacy mode runs axe inside the app's own page: the default finishes in a blank page it opens,
  // and the Electron stand-in closes any window the app did not open itself.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).setLegacyMode().analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact ?? 'no impact'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`).join('\n')}`,
  );
}

/** The app follows the system's colour scheme until a theme is chosen. */
async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const theme of THEMES) {
  test(`every screen as it opens has no WCAG 2.2 AA violation in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    // Every screen is checked before failing, so one run lists all that is wrong.
    const found: Record<string, string[]> = {};
    for (const screen of SCREENS) {
      await openScreen(page, screen);
      const violations = await violationsOn(page);
      if (violations.length > 0) found[screen] = violations;
    }
    expect(found, `axe-core's WCAG 2.2 AA violations by screen (${theme})`).toEqual({});
  });

  test(`each screen with content in it has no WCAG 2.2 AA violation in the ${theme} theme`, async ({ page, services }) => {
    await useTheme(page, theme);
    const found: Record<string, string[]> = {};
    const check = async (state: string) => {
      const violations = await violationsOn(page);
      if (violations.length > 0) found[state] = violations;
    };

    await openInvoices(page);
    await fillInvoice(page);
    await field(page, 'Customer e-mail').fill('ada@gmial.com');
    await expect(invoiceForm(page).getByRole('button', { name: 'Use ada@gmail.com' })).toBeVisible();
    await check('New invoice with a mail domain suggestion');
    await field(page, 'Customer e-mail').fill(ORDER.email);
    const foreignId = await field(page, 'Foreign id').inputValue();
    await page.getByRole('radio', { name: /Fill or kill/ }).check();
    await leaveOutSender(page);
    const invoiceId = Number(await createInvoice(page));
    await check('New invoice with the invoice made');
    // Paid too little: the failed invoice stays in the banner above every screen checked below.
    const sandbox = await services.sandbox.ensure();
    sandbox.chooseInvoiceCurrency(invoiceId, 'BTC');
    sandbox.payInvoice(invoiceId, { amount: '0.00001', currency: 'BTC' });
    await expect(page.getByTestId('failed-invoice')).toBeVisible({ timeout: 15_000 });

    await openQuote(page);
    const dialog = await openReview(page);
    await check('Live quote with its review dialog');
    await dialog.press('Escape');
    await expect(dialog).toBeHidden();

    await openPairs(page);
    await expectPairsLoaded(page);
    await check('Pairs loaded');

    await openTransactions(page);
    const deposit = await exampleTransaction(services, (t) => t.type === 'deposit' && t.status === 'confirmed');
    await lookUpAndWait(page, 'id', String(deposit.id));
    await check('Transactions with a looked-up deposit');

    await openHistory(page);
    const entry = await openDetail(page, foreignId);
    await check('History with the invoice’s entry open');
    await entry.press('Escape');
    await expect(entry).toBeHidden();

    await openScreen(page, 'Profiles');
    await page.getByRole('button', { name: 'Add profile' }).first().click();
    await expect(page.getByRole('form', { name: /profile/i })).toBeVisible();
    await check('Profiles with the new profile form');

    await openBalances(page);
    await expect(balancesTable(page)).toBeVisible();
    await check('Balances loaded');

    await openAddresses(page);
    await fillAddress(page, { currency: 'BTC', reference: 'cust-42' });
    await naturalSender(page);
    await takeAddress(page);
    await check('Deposit address with the address received');

    expect(found, `axe-core's WCAG 2.2 AA violations by state (${theme})`).toEqual({});
  });

  test.describe('on the first start', () => {
    test.use({ firstRun: true });

    test(`the dialog asking for the name in the journal has no WCAG 2.2 AA violation in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      const found: Record<string, string[]> = {};
      const check = async (state: string) => {
        const violations = await violationsOn(page);
        if (violations.length > 0) found[state] = violations;
      };
      const dialog = page.getByRole('dialog', { name: 'Your name in the journal' });
      await expect(dialog).toBeVisible();
      await check('The first start asking for the name');
      const name = dialog.getByLabel('Your name', { exact: true });
      await name.fill('Ana Ruiz');
      await name.press('Enter');
      await expect(dialog.getByRole('button', { name: 'Change it' })).toBeFocused();
      await check('The first start asking the name back');
      expect(found, `axe-core's WCAG 2.2 AA violations by state (${theme})`).toEqual({});
    });
  });
}
