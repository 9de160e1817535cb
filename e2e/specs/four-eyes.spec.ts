import type { Locator, Page } from '@playwright/test';
import type { MessageBoxOptions } from 'electron';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { JOURNAL_SEARCH_PATH_OPTION } from '../../electron/platform/journal/postgres/schema-safety.ts';
import type { RowUser } from '../../electron/platform/journal/testing/row-user.ts';
import { PAYOUT_FILE, PAYOUT_PARTIES } from '../../electron/withdrawals/testing/payout-file.ts';
import type { PayoutBatch } from '../../shared/ipc/capabilities/withdrawals.ts';
import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { cell, historyRows, openDetail, openHistory } from '../scenarios/history.ts';
import { openScreen, setDisplayName } from '../scenarios/profiles.ts';
import { bothJoin, clickInMessageBox, joinTeam, teamDesktops } from '../scenarios/team-desktops.ts';

/*
 * Four eyes end to end (docs/withdrawals.md): through the BUILT app, two desktops on one team
 * journal on a real PostgreSQL server, each joined with a login of its own (ana, ben: the same
 * row rights), one merchant account on a sandbox of the test's own behind a relay that counts
 * what reached it. Ana drafts a BTC withdrawal on the Withdrawal screen; her approval is refused
 * by main, and an approval she writes with SQL under her own login is refused by the database;
 * Ben sees her draft and approves it in main's own window; the service receives it once, and both
 * desktops show it sent, and History's detail tells its story. The second test does the same for a
 * payout batch of three rows: Ana drafts it through the channel the Payout file section uses, and
 * both desktops open it from the drafts list; her Approve batch is refused, Ben's is sent. The
 * approval policy has its own spec (withdrawal-policy.spec.ts); the two desktops' setup is
 * e2e/scenarios/team-desktops.ts.
 */

const MERCHANT = { key: `four-eyes-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex'), name: 'Four eyes shop' };
const PROFILE = 'Four eyes shop live';
const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const ANA = 'Ana Ruiz';
const BEN = 'Ben Okafor';

const setup = teamDesktops({ merchant: MERCHANT, database: 'e2e four eyes', logins: 2 });
const SHOP = { name: PROFILE, merchant: MERCHANT };
/** The current test's logins: Ana's and Ben's (the same row rights). */
const logins = () => setup.logins as [RowUser, RowUser];

const withdrawalForm = (page: Page): Locator => page.getByRole('form', { name: 'New withdrawal' });
const formField = (page: Page, label: string): Locator => withdrawalForm(page).getByLabel(label, { exact: true });

/** Drafts 0.001 BTC to ADDRESS on the Withdrawal screen; answers the draft's id. */
async function draftWithdrawal(page: Page): Promise<number> {
  await openScreen(page, 'Withdrawal');
  await formField(page, 'Amount').fill('0.001');
  const address = formField(page, 'Address');
  await address.fill(ADDRESS);
  await address.blur();
  await expect(page.getByTestId('address-check')).toHaveText('The address’s checksum matches.');
  const sender = withdrawalForm(page).getByRole('radiogroup', { name: 'Sender' });
  await sender.getByRole('radio', { name: 'Natural person' }).check();
  await formField(page, 'First name').fill('Ada');
  await formField(page, 'Last name').fill('Lovelace');
  await formField(page, 'Date of birth').fill('1985-12-10');
  await withdrawalForm(page).getByRole('radiogroup', { name: 'Receiver' }).getByRole('radio', { name: 'Self: our own wallet' }).check();
  await withdrawalForm(page).getByRole('button', { name: 'Draft withdrawal' }).click();
  const made = withdrawalForm(page).getByText(/^Withdrawal draft \d+ made/);
  await expect(made).toBeVisible();
  return Number(/\d+/.exec(await made.innerText())?.[0]);
}

/** An approval of draft `draftId` written with SQL on `login`'s own connection, as a person with a SQL client could. */
async function approveWithSql(login: RowUser, draftId: number): Promise<void> {
  const client = new pg.Client({ host: setup.team.host, port: setup.team.port, database: setup.team.database, user: login.user, password: login.password, options: JOURNAL_SEARCH_PATH_OPTION });
  await client.connect();
  try {
    await client.query("INSERT INTO withdrawal_decisions (subject, subject_id, decision, decided_at) VALUES ('draft', $1, 'approve', now())", [draftId]);
  } finally {
    await client.end();
  }
}

/** The journal's rows, read by its owner (the test's view, not a desktop's). */
async function asOwner<Row extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<Row[]> {
  const owner = setup.team.pool();
  try {
    return (await owner.query<Row>(sql, params)).rows;
  } finally {
    await owner.end();
  }
}

/** The number of decisions the journal holds on draft `draftId`. */
const decisionsOn = async (draftId: number): Promise<number> => (await asOwner('SELECT 1 FROM withdrawal_decisions WHERE subject_id = $1', [draftId])).length;

type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };

/** A call on main through the page's bridge, as the renderer makes it. */
const invoke = async <T>(page: Page, channel: string, payload: unknown): Promise<Answer<T>> =>
  (await page.evaluate(([name, body]) => (globalThis as unknown as PageGlobals).merchantConsole?.invoke(name, body), [channel, payload] as const)) as Answer<T>;

/** What the service holds under this foreign id. */
const atService = (foreignId: string) => setup.sandbox.state(MERCHANT.key).withdrawals.filter((w) => w.foreign_id === foreignId);

test('four eyes on two desktops, one PostgreSQL: Ana’s draft refused to her by main and by the database, approved by Ben in main’s window, sent once, shown sent on both', async ({
  page: ana,
  electronApp: anasApp,
  openDesktop,
}) => {
  test.setTimeout(180_000);
  const [anaLogin, benLogin] = logins();
  /** Main's message boxes on Ana's desktop: none is ever answered for her, so one opening is a problem the test reports. */
  const anaSeen = anasApp.standin.desktop.messageBoxes;
  let draftId = 0;

  await test.step('Ana joins the team journal with her login and drafts a BTC withdrawal', async () => {
    await setDisplayName(ana, ANA);
    await joinTeam(ana, setup, SHOP, anaLogin);
    draftId = await draftWithdrawal(ana);
    const row = ana.getByTestId(`withdrawal-draft-${draftId}`);
    await expect(row).toContainText('0.00100000 BTC');
    await expect(row).toContainText(`${anaLogin.user} (${ANA})`);
    await expect(row).toContainText('Awaiting approval');
  });

  const foreignId = (await asOwner<{ foreign_id: string }>('SELECT foreign_id FROM withdrawal_drafts WHERE id = $1', [draftId]))[0]?.foreign_id ?? '';
  expect(foreignId).toMatch(/^wdr-/);

  await test.step('her Approve is refused in main’s words, before any window; nothing reaches the service', async () => {
    // Main refuses before its window: no message box opens on Ana's desktop.
    const row = ana.getByTestId(`withdrawal-draft-${draftId}`);
    await row.getByRole('button', { name: `Approve draft ${draftId}` }).click();
    await expect(ana.getByTestId('approve-error')).toContainText(
      `Withdrawal draft ${draftId} was drafted by your login (${anaLogin.user}): another login approves it.`,
    );
    await expect(row).toContainText('Awaiting approval');
    expect(anaSeen).toHaveLength(0);
    expect(setup.relay.sends(foreignId)).toBe(0);
  });

  await test.step('an approval Ana writes with SQL under her own login is refused by the database', async () => {
    await expect(approveWithSql(anaLogin, draftId)).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('another login approves it') });
    expect(await decisionsOn(draftId)).toBe(0);
    expect(setup.relay.sends(foreignId)).toBe(0);
  });

  const bensApp = await openDesktop();
  const ben = bensApp.page;

  await test.step('Ben joins with his own login, sees Ana’s draft, and approves it in main’s window: the service receives it once', async () => {
    await setDisplayName(ben, BEN);
    await joinTeam(ben, setup, SHOP, benLogin);
    await openScreen(ben, 'Withdrawal');
    const row = ben.getByTestId(`withdrawal-draft-${draftId}`);
    await expect(row).toContainText(`${anaLogin.user} (${ANA})`);
    await expect(row).toContainText('Awaiting approval');

    const benSeen: MessageBoxOptions[] = [];
    clickInMessageBox(bensApp, 'Approve withdrawal', benSeen);
    await row.getByRole('button', { name: `Approve draft ${draftId}` }).click();
    await expect(ben.getByTestId('withdrawal-outcome')).toContainText(`Withdrawal draft ${draftId} approved and sent`);
    await expect(row).toContainText('Approved: sent');
    await expect(row).toContainText(`by ${benLogin.user} (${BEN})`);
    // Main's window showed the journal's copy: what is sent, and who drafted it.
    expect(benSeen).toHaveLength(1);
    expect(benSeen[0]?.message).toBe(`Send 0.001 BTC to ${ADDRESS}?`);
    expect(benSeen[0]?.detail).toContain(`Drafted by: ${anaLogin.user} (${ANA})`);

    expect(setup.relay.sends(foreignId)).toBe(1);
    expect(atService(foreignId)).toEqual([expect.objectContaining({ currency: 'BTC', amount: '0.001', address: ADDRESS })]);

    await openHistory(ben);
    await expect(cell(historyRows(ben).filter({ hasText: foreignId }), 'operation')).toContainText('Withdrawal');
  });

  await test.step('Ana’s desktop shows it sent too, by Ben, and in History, whose detail tells its story', async () => {
    await openHistory(ana);
    await expect(cell(historyRows(ana).filter({ hasText: foreignId }), 'operation')).toContainText('Withdrawal');
    const shown = await openDetail(ana, foreignId);
    const story = shown.getByTestId('withdrawal-story').getByRole('listitem');
    await expect(story.nth(0)).toContainText(`Drafted by ${ANA} (login ${anaLogin.user})`);
    await expect(story.nth(1)).toContainText(`Approved by ${BEN} (login ${benLogin.user})`);
    await expect(story.nth(2)).toContainText(`Sent by ${BEN} (login ${benLogin.user})`);
    await expect(story.nth(2)).toContainText('the service took it');
    await expect(story.nth(3)).toContainText('What became of it:');
    await shown.getByRole('button', { name: 'Close' }).click();
    await openScreen(ana, 'Withdrawal');
    const row = ana.getByTestId(`withdrawal-draft-${draftId}`);
    await expect(row).toContainText('Approved: sent');
    await expect(row).toContainText(`by ${benLogin.user} (${BEN})`);
    expect(anaSeen).toHaveLength(0);
    // Nothing more left for the service in the meantime.
    expect(setup.relay.sends(foreignId)).toBe(1);
    expect(atService(foreignId)).toHaveLength(1);
  });
});

test('four eyes for a payout batch of three: Ana’s batch refused to her by main and by the database, approved once by Ben in main’s window, each row sent once, shown sent on both', async ({
  page: ana,
  electronApp: anasApp,
  openDesktop,
}) => {
  test.setTimeout(180_000);
  const [anaLogin, benLogin] = logins();
  const anaSeen = anasApp.standin.desktop.messageBoxes;
  const bensApp = await bothJoin(ana, openDesktop, setup, SHOP, [ANA, BEN]);
  const ben = bensApp.page;

  const { batchId, rows } = await test.step('Ana drafts a batch of three; both desktops list its rows awaiting approval', async () => {
    const imported = await invoke<{ batch: PayoutBatch | null; problems: unknown[] }>(ana, 'withdrawals.importBatch', { csv: PAYOUT_FILE(3), ...PAYOUT_PARTIES });
    if (!imported.ok) throw new Error(`the batch was not drafted: ${imported.error.message}`);
    expect(imported.value.problems).toEqual([]);
    const { batch } = imported.value;
    if (!batch) throw new Error('no batch, and no problem named');
    expect(batch.rows.map((row) => [row.amount, row.state])).toEqual([
      ['0.0001', 'waiting'],
      ['0.0002', 'waiting'],
      ['0.0003', 'waiting'],
    ]);
    for (const page of [ana, ben]) {
      await openScreen(page, 'Withdrawal');
      const listed = page.getByTestId(`withdrawal-batch-${batch.batchId}`);
      await expect(listed).toContainText(`Payout batch ${batch.batchId}, 3 rows`);
      await expect(listed).toContainText(`${anaLogin.user} (${ANA})`);
      await expect(listed).toContainText('Awaiting approval: 3');
      await listed.getByRole('button', { name: `Open batch ${batch.batchId}` }).click();
      const opened = page.getByTestId('payout-batch');
      await expect(opened.getByTestId('payout-batch-drafted')).toContainText(`Drafted by ${anaLogin.user} (${ANA})`);
      await expect(opened.getByTestId('payout-totals')).toContainText('0.0006');
      for (const [index, row] of batch.rows.entries()) {
        const shown = opened.getByTestId(`payout-row-${index + 1}`);
        await expect(shown).toContainText(row.amount);
        await expect(shown).toContainText(ADDRESS);
        await expect(shown).toContainText('Waiting (1 approval missing)');
      }
    }
    return batch;
  });

  await test.step('her approval of the batch is refused by main before any window, and by the database on each row under her login', async () => {
    await ana.getByTestId('payout-batch').getByRole('button', { name: 'Approve batch' }).click();
    await expect(ana.getByTestId('payout-approve-error')).toContainText(`Payout batch ${batchId} was drafted by your login (${anaLogin.user}): another login approves it.`);
    expect(anaSeen).toHaveLength(0);
    for (const row of rows) {
      await expect(approveWithSql(anaLogin, row.draftId)).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('another login approves it') });
      expect(await decisionsOn(row.draftId)).toBe(0);
      expect(setup.relay.sends(row.foreignId)).toBe(0);
    }
  });

  await test.step('Ben approves it once in main’s window: each row reaches the service exactly once, and both desktops show them sent', async () => {
    const benSeen: MessageBoxOptions[] = [];
    clickInMessageBox(bensApp, 'Approve batch', benSeen);
    const opened = ben.getByTestId('payout-batch');
    await opened.scrollIntoViewIfNeeded();
    await screenshotBothThemes(ben, 'withdrawal-batch');
    await opened.getByRole('button', { name: 'Approve batch' }).click();
    await expect.poll(() => benSeen.map((box) => box.message)).toEqual([`Send 3 withdrawal(s) of batch ${batchId}: 0.0006 BTC?`]);
    // Main sends one row a second: Ben's opened batch shows each as it goes.
    for (const index of [1, 2, 3]) await expect(opened.getByTestId(`payout-row-${index}`)).toContainText('Sent', { timeout: 20_000 });
    await expect(ben.getByTestId(`withdrawal-batch-${batchId}`)).toContainText('Approved: sent: 3', { timeout: 20_000 });
    await expect.poll(async () => {
      const answer = await invoke<{ batch: PayoutBatch }>(ben, 'withdrawals.batch', { batchId });
      return answer.ok ? [answer.value.batch.sending, ...answer.value.batch.rows.map((row) => row.state)] : answer.error.message;
    }, { timeout: 20_000 }).toEqual([false, 'sent', 'sent', 'sent']);
    for (const row of rows) {
      expect(setup.relay.sends(row.foreignId)).toBe(1);
      expect(atService(row.foreignId)).toEqual([expect.objectContaining({ currency: 'BTC', amount: row.amount, address: ADDRESS })]);
    }
    expect(setup.sandbox.state(MERCHANT.key).withdrawals).toHaveLength(3);

    for (const page of [ana, ben]) {
      await openHistory(page);
      for (const row of rows) await expect(cell(historyRows(page).filter({ hasText: row.foreignId }), 'operation')).toContainText('Withdrawal');
    }
    // Ana's list reads the drafts afresh as the screen opens.
    await openScreen(ana, 'Withdrawal');
    await expect(ana.getByTestId(`withdrawal-batch-${batchId}`)).toContainText('Approved: sent: 3');
    await ana.getByRole('button', { name: `Open batch ${batchId}` }).click();
    for (const index of [1, 2, 3]) await expect(ana.getByTestId('payout-batch').getByTestId(`payout-row-${index}`)).toContainText('Sent');
    // Each row's History detail names Ben as its approver.
    await openHistory(ana);
    const shown = await openDetail(ana, rows[0]?.foreignId ?? '');
    await expect(shown.getByTestId('withdrawal-story')).toContainText(`Approved by ${BEN} (login ${benLogin.user})`);
    await shown.getByRole('button', { name: 'Close' }).click();
    expect(anaSeen).toHaveLength(0);
  });
});
