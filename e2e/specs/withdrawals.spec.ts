import type { Locator, Page } from '@playwright/test';
import type { MessageBoxOptions } from 'electron';
import { expect, test } from '../harness/fixtures.ts';
import type { RunningApp } from '../harness/app.ts';
import { cell, historyRows, openHistory } from '../scenarios/history.ts';
import { openScreen } from '../scenarios/profiles.ts';
import { sandboxState } from '../scenarios/sandbox.ts';

/*
 * The Withdrawal screen on the Local sandbox (docs/withdrawals.md): a BTC withdrawal drafted to a
 * checked address, a typo's checksum error naming its position, "I withdraw alone" turned on in
 * main's own message box, the approval confirmed there, and the withdrawal sent once and in History.
 */

const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const TYPO = `${ADDRESS.slice(0, 20)}q${ADDRESS.slice(21)}`;

const withdrawalForm = (page: Page): Locator => page.getByRole('form', { name: 'New withdrawal' });
const formField = (page: Page, label: string): Locator => withdrawalForm(page).getByLabel(label, { exact: true });

/** A person's click on the named button of main's next message box; the box's words are kept in `seen`. */
const clickInMessageBox = (app: RunningApp, label: string, seen: MessageBoxOptions[]) =>
  app.standin.desktop.answerMessageBox((options: MessageBoxOptions) => {
    seen.push(options);
    const index = (options.buttons ?? []).indexOf(label);
    if (index < 0) throw new Error(`the message box has no ${label} button`);
    return index;
  });

test('a BTC withdrawal: a typo named by position, drafted, approved alone in main’s window, sent once and in History', async ({ page, electronApp, services }) => {
  await openScreen(page, 'Withdrawal');
  await expect(withdrawalForm(page)).toBeVisible();
  await expect(page.getByTestId('withdrawal-balance')).toContainText('BTC balance:');
  await expect(page.getByText('No withdrawal drafts yet for this profile.')).toBeVisible();

  await formField(page, 'Amount').fill('0.001');
  const address = formField(page, 'Address');
  await address.fill(TYPO);
  await address.blur();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription(/Character 21 \("q"\) looks wrong: the address's checksum does not match/);

  await address.fill(ADDRESS);
  await address.blur();
  await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('address-check')).toHaveText('The address’s checksum matches.');

  const sender = withdrawalForm(page).getByRole('radiogroup', { name: 'Sender' });
  await sender.getByRole('radio', { name: 'Natural person' }).check();
  await formField(page, 'First name').fill('Ada');
  await formField(page, 'Last name').fill('Lovelace');
  await formField(page, 'Date of birth').fill('1985-12-10');
  await withdrawalForm(page).getByRole('radiogroup', { name: 'Receiver' }).getByRole('radio', { name: 'Self: our own wallet' }).check();
  await withdrawalForm(page).getByRole('button', { name: 'Draft withdrawal' }).click();
  await expect(withdrawalForm(page).getByText(/^Withdrawal draft \d+ made/)).toBeVisible();

  const row = page.locator('[data-testid^="withdrawal-draft-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0.00100000 BTC');
  await expect(row).toContainText(ADDRESS);
  await expect(row).toContainText('Awaiting approval');

  // Alone is off: main refuses the approval before its window, and says how to turn it on.
  await row.getByRole('button', { name: /^Approve draft/ }).click();
  await expect(page.getByTestId('approve-error')).toContainText('turn on "I withdraw alone"');

  const seen: MessageBoxOptions[] = [];
  clickInMessageBox(electronApp, 'Withdraw alone', seen);
  await page.getByRole('button', { name: 'Turn on “I withdraw alone”' }).click();
  await expect(page.getByTestId('withdraw-alone-state')).toContainText('“I withdraw alone” is on');

  clickInMessageBox(electronApp, 'Approve withdrawal', seen);
  await row.getByRole('button', { name: /^Approve draft/ }).click();
  await expect(page.getByTestId('withdrawal-outcome')).toContainText(/approved and sent/);
  await expect(row).toContainText('Approved: sent');
  // Main's window showed the journal's copy: the address is in it.
  expect(JSON.stringify(seen.at(-1))).toContain(ADDRESS);

  const sent = (await sandboxState(services)).withdrawals;
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ currency: 'BTC', amount: '0.001', address: ADDRESS, foreign_id: expect.stringMatching(/^wdr-/) });

  await openHistory(page);
  await expect(cell(historyRows(page).first(), 'operation')).toContainText('Withdrawal');
});
