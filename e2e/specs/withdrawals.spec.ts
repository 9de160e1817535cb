import type { MessageBoxOptions } from 'electron';
import { expect, test } from '../harness/fixtures.ts';
import type { RunningApp } from '../harness/app.ts';
import { PAYOUT_FILE } from '../../electron/withdrawals/testing/payout-file.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { cell, historyRows, openDetail, openHistory } from '../scenarios/history.ts';
import { sandboxState } from '../scenarios/sandbox.ts';
import { fillSenderAndOwnWallet, formField, openWithdrawals, withdrawalForm } from '../scenarios/withdrawals.ts';

/*
 * The Withdrawal screen on the Local sandbox (docs/withdrawals.md): a BTC withdrawal drafted to a
 * checked address, a typo's checksum error naming its position, "I withdraw alone" turned on in
 * main's own message box, the approval confirmed there, and the withdrawal sent once and in History,
 * whose detail tells its story; the approval policy, which needs a team journal; a payout file
 * drafted as one batch and opened from the drafts list. The screenshots of docs/screens come from here
 * and from four-eyes.spec.ts (the batch opened by a second person, the policy on a team journal).
 *
 * Runs on an English desktop and again on a German one (playwright.config.ts): the form, the drafts
 * list, the receiver and the address checks' messages (shared/withdrawals, rules' messages) speak
 * through `words`. Still in English, so literal here: the sender section, the policy panel, "I
 * withdraw alone", main's message boxes, the payout file, the batch view, History, and amounts (the
 * shared Amount).
 */

const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const TYPO = `${ADDRESS.slice(0, 20)}q${ADDRESS.slice(21)}`;

/** A person's click on the named button of main's next message box; the box's words are kept in `seen`. */
const clickInMessageBox = (app: RunningApp, label: string, seen: MessageBoxOptions[]) =>
  app.standin.desktop.answerMessageBox((options: MessageBoxOptions) => {
    seen.push(options);
    const index = (options.buttons ?? []).indexOf(label);
    if (index < 0) throw new Error(`the message box has no ${label} button`);
    return index;
  });

test('a BTC withdrawal: a typo named by position, drafted, approved alone in main’s window, sent once and in History', async ({ page, electronApp, services, words }) => {
  await openWithdrawals(page);
  await expect(page.getByTestId('withdrawal-balance')).toContainText(words('withdrawals.balance.line', { code: 'BTC' }));
  await expect(page.getByText(words('withdrawals.list.empty'))).toBeVisible();

  // The amount is sent exactly as typed: a plain decimal in every language (withdrawals.form.amountHint).
  await formField(page, words('withdrawals.form.amount')).fill('0.001');
  const address = formField(page, words('withdrawals.form.address'));
  await address.fill(TYPO);
  await address.blur();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription(words.within('rules.address.checksumWrong', { n: 21, char: 'q' }));

  await address.fill(ADDRESS);
  await address.blur();
  await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('address-check')).toHaveText(words('withdrawals.form.checked'));

  await fillSenderAndOwnWallet(withdrawalForm(page));
  await page.getByRole('heading', { name: words('withdrawals.title'), level: 1 }).scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, 'withdrawal-form');
  await withdrawalForm(page).getByRole('button', { name: words('withdrawals.form.submit') }).click();
  await expect(withdrawalForm(page).getByText(words.shaped('withdrawals.form.drafted', ['id']))).toBeVisible();

  const row = page.locator('[data-testid^="withdrawal-draft-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${words.written('0.00100000', 8)} BTC`);
  await expect(row).toContainText(ADDRESS);
  await expect(row).toContainText(words('withdrawals.state.awaiting'));
  await row.scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, 'withdrawal-drafts');

  // Without a team journal there is one person: no approval policy, and the panel says why.
  await expect(page.getByTestId('policy-no-team')).toHaveText(words('withdrawals.policy.noTeam'));
  await expect(page.getByRole('button', { name: words('withdrawals.policy.submit') })).toHaveCount(0);

  // Alone is off: main refuses the approval before its window, and says how to turn it on.
  const approve = row.getByRole('button', { name: new RegExp(`^${words.shaped('withdrawals.list.approveLabel', ['id']).source}$`) });
  await approve.click();
  await expect(page.getByTestId('approve-error')).toContainText(words('main.withdrawals.aloneOff'));

  const seen: MessageBoxOptions[] = [];
  clickInMessageBox(electronApp, words('main.withdrawals.alone.button'), seen);
  await page.getByRole('button', { name: words('withdrawals.alone.on') }).click();
  await expect(page.getByTestId('withdraw-alone-state')).toContainText(words('withdrawals.alone.isOn'));

  clickInMessageBox(electronApp, words('main.withdrawals.confirm.button'), seen);
  await approve.click();
  await expect(page.getByTestId('withdrawal-outcome')).toContainText(words.shaped('withdrawals.list.sentWithStatus', ['id', 'status']));
  await expect(row).toContainText(words('withdrawals.state.sending'));
  // Main's window showed the journal's copy: the address is in it.
  expect(JSON.stringify(seen.at(-1))).toContain(ADDRESS);

  const sent = (await sandboxState(services)).withdrawals;
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ currency: 'BTC', amount: '0.001', address: ADDRESS, foreign_id: expect.stringMatching(/^wdr-/) });

  await openHistory(page);
  await expect(cell(historyRows(page).first(), 'operation')).toContainText(words('history.operation.withdrawal'));
  // Its detail tells the whole story: drafted, approved (alone, by this computer's one person), sent, and what became of it.
  const shown = await openDetail(page, sent[0]?.foreign_id ?? '');
  const story = shown.getByTestId('withdrawal-story').getByRole('listitem');
  await expect(story).toHaveCount(4);
  await expect(story.nth(0)).toContainText(words.before('history.story.drafted', 'person'));
  await expect(story.nth(1)).toContainText(words.before('history.story.decided', 'person', { decision: 'approve' }));
  await expect(story.nth(2)).toContainText(words.before('history.story.sent', 'person'));
  await expect(story.nth(2)).toContainText(words('history.story.send.succeeded'));
  await expect(story.nth(3)).toContainText(words.before('history.story.became', 'words'));
  await screenshotBothThemes(page, 'history-withdrawal-story');
});

test('a payout file drafted as one batch: one line in the drafts list, opened to its rows, totals and drafter', async ({ page, words }) => {
  await openWithdrawals(page);
  const payout = page.getByRole('form', { name: words('withdrawals.payout.name') });
  await payout.getByLabel(words('withdrawals.payout.file'), { exact: true }).setInputFiles({ name: 'payouts.csv', mimeType: 'text/csv', buffer: Buffer.from(PAYOUT_FILE(3)) });
  await expect(payout.getByTestId('payout-totals')).toContainText(words.written('0.0006'));
  await fillSenderAndOwnWallet(payout);
  await payout.getByRole('button', { name: words('withdrawals.payout.draft') }).click();
  const made = payout.getByText(words.shaped('withdrawals.payout.drafted', ['batchId'], { rows: 3 }));
  await expect(made).toBeVisible();
  const batchId = /pay-\S+/.exec(await made.innerText())?.[0]?.replace(/:$/, '') ?? '';

  const line = page.getByTestId(`withdrawal-batch-${batchId}`);
  await expect(line).toContainText(words('withdrawals.batch.listed', { batchId, rows: 3 }));
  await expect(line).toContainText(`${words.written('0.00060000', 8)} BTC`);
  await expect(line).toContainText(words('withdrawals.list.stateCount', { state: words('withdrawals.state.awaiting'), count: 3 }));
  await expect(page.locator('[data-testid^="withdrawal-draft-"]')).toHaveCount(0);
  await line.getByRole('button', { name: words('withdrawals.batch.openLabel', { batchId }) }).click();
  const opened = page.getByRole('region', { name: words('withdrawals.list.heading') }).getByTestId('payout-batch');
  await expect(opened.getByTestId('payout-batch-drafted')).toContainText(words.before('withdrawals.batch.draftedBy', 'who'));
  await expect(opened.getByTestId('payout-rows').locator('tbody tr')).toHaveCount(3);
  await expect(opened.getByTestId('payout-row-2')).toContainText(words.written('0.0002'));
  await expect(opened.getByTestId('payout-row-2')).toContainText(ADDRESS);
  await expect(opened.getByTestId('payout-row-2')).toContainText(words('withdrawals.payoutState.waiting'));
  await expect(opened.getByRole('button', { name: words('withdrawals.payout.approve') })).toBeVisible();
  await expect(opened.getByRole('button', { name: words('withdrawals.batch.reject') })).toBeVisible();
});
