import type { Locator, Page } from '@playwright/test';
import type { MessageBoxOptions } from 'electron';
import { randomBytes } from 'node:crypto';
import type { RowUser } from '../../electron/platform/journal/testing/row-user.ts';
import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { openScreen } from '../scenarios/profiles.ts';
import { bothJoin, clickInMessageBox, teamDesktops } from '../scenarios/team-desktops.ts';

/*
 * The approval policy end to end (docs/withdrawals.md, "The approval policy"): through the BUILT
 * app, two desktops on one team journal on a real PostgreSQL server, each joined with a login of its
 * own (ana, ben: the same row rights; e2e/scenarios/team-desktops.ts). Ana changes the account's
 * approval policy on the screen: she proposes, her own approval is refused by the database, Ben
 * approves it in main's window, and both desktops show it in force. Four eyes on a withdrawal and a
 * batch are four-eyes.spec.ts.
 */

const MERCHANT = { key: `policy-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex'), name: 'Four eyes shop' };
const ANA = 'Ana Ruiz';
const BEN = 'Ben Okafor';

const setup = teamDesktops({ merchant: MERCHANT, database: 'e2e withdrawal policy', logins: 2 });
const SHOP = { name: 'Four eyes shop live', merchant: MERCHANT };

test('the approval policy on two desktops: Ana proposes two approvals over 0.5 BTC on the screen, her own approval is refused by the database, Ben approves it in main’s window, in force on both', async ({
  page: ana,
  electronApp: anasApp,
  openDesktop,
}) => {
  test.setTimeout(180_000);
  const [anaLogin, benLogin] = setup.logins as [RowUser, RowUser];
  const bensApp = await bothJoin(ana, openDesktop, setup, SHOP, [ANA, BEN]);
  const ben = bensApp.page;
  const panel = (page: Page): Locator => page.getByRole('region', { name: 'Approval policy' });
  const proposeForm = (page: Page): Locator => panel(page).getByRole('form', { name: 'Propose a change' });

  const policyId = await test.step('Ana sees the default in force and proposes a change', async () => {
    await openScreen(ana, 'Withdrawal');
    await expect(panel(ana).getByTestId('policy-in-force')).toHaveText('The default: one approval by any other person.');
    const form = proposeForm(ana);
    await form.getByLabel('Approvals needed', { exact: true }).fill('1');
    await form.getByLabel('Currency', { exact: true }).fill('BTC');
    await form.getByLabel('Over this amount', { exact: true }).fill('0.5');
    await form.getByLabel('Approvals needed over it', { exact: true }).fill('2');
    await form.getByLabel('Who may approve (optional)', { exact: true }).fill(`${anaLogin.user}, ${benLogin.user}`);
    await form.getByRole('button', { name: 'Propose policy' }).click();
    const made = form.getByText(/^Policy \d+ proposed/);
    await expect(made).toBeVisible();
    return Number(/\d+/.exec(await made.innerText())?.[0]);
  });

  await test.step('her own approval, confirmed in her window, is refused by the database under her login', async () => {
    const anaSeen: MessageBoxOptions[] = [];
    clickInMessageBox(anasApp, 'Approve policy', anaSeen);
    const proposal = panel(ana).getByTestId(`policy-proposal-${policyId}`);
    await expect(proposal).toContainText('Over 0.5 BTC: 2 approvals');
    await proposal.getByRole('button', { name: 'Approve policy' }).click();
    await expect(proposal.getByTestId('policy-decide-error')).toContainText(`Withdrawal policy ${policyId} was proposed by login ${anaLogin.user}: another login approves it.`);
    await expect(panel(ana).getByTestId('policy-in-force')).toHaveText('The default: one approval by any other person.');
  });

  await test.step('Ben sees the proposal and approves it in main’s window: in force on both desktops', async () => {
    await openScreen(ben, 'Withdrawal');
    const proposal = panel(ben).getByTestId(`policy-proposal-${policyId}`);
    await expect(proposal).toContainText(`Proposed by ${anaLogin.user} (${ANA})`);
    await panel(ben).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshotBothThemes(ben, 'withdrawal-policy');
    const benSeen: MessageBoxOptions[] = [];
    clickInMessageBox(bensApp, 'Approve policy', benSeen);
    await proposal.getByRole('button', { name: 'Approve policy' }).click();
    await expect(panel(ben).getByTestId('policy-in-force')).toContainText('Over 0.5 BTC: 2 approvals');
    expect(benSeen.map((box) => box.title)).toEqual(['Approve withdrawal policy']);
    for (const page of [ana, ben]) {
      await openScreen(page, 'Withdrawal');
      const inForce = panel(page).getByTestId('policy-in-force');
      await expect(inForce).toContainText('1 approval by another person', { timeout: 20_000 });
      await expect(inForce).toContainText('Over 0.5 BTC: 2 approvals');
      await expect(inForce).toContainText(`May approve: ${anaLogin.user}, ${benLogin.user}`);
      await expect(panel(page)).toContainText('No change is waiting for approval.');
    }
  });
});
