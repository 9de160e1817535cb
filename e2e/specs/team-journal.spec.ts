import type { Locator, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { expect, test } from '../harness/fixtures.ts';
import { banner, cell, historyRows, openHistory, searchField, show } from '../scenarios/history.ts';
import { createInvoice, field, fillInvoice, invoiceForm, leaveOutSender, openInvoices, submitButton } from '../scenarios/invoices.ts';
import { activeProfile, addProfile, fillProfileForm, openScreen, profileRow, setDisplayName } from '../scenarios/profiles.ts';
import type { SandboxTransaction } from '../scenarios/transactions.ts';
import { lookUpAndWait, openTransactions } from '../scenarios/transactions.ts';
import { fillTeamJournal, teamDesktops } from '../scenarios/team-desktops.ts';

/**
 * The team journal end to end (README, "The team journal"): through the BUILT app (out/, under the Electron stand-in)
 * on a real PostgreSQL server this file starts in a temporary folder (Debian's postgresql package).
 * Two desktops, each on a data folder and keychain of its own, one merchant account, one database:
 *  1. Ana's desktop joins from the Profiles screen (Test connection, save, upload its history) and
 *     creates an invoice;
 *  2. Ben's desktop joins the same database and its History shows Ana's entries, by name and computer;
 *  3. the database goes away: Ben's invoice is refused before anything is sent, saying why; a lookup
 *     still works, is kept on Ben's computer, and is in the team journal once the database is back.
 * The service is a sandbox of this file's own (real HTTP on loopback, a live profile: the app's
 * own sandbox profile cannot have a team journal) behind a relay that counts what reached it.
 */

const MERCHANT = { key: `team-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex'), name: 'Team shop' };
const PROFILE = 'Team shop live';
const COMPUTER = hostname();
const ANA = 'Ana Ruiz';
const BEN = 'Ben Okafor';

// The server for the file (initdb takes seconds); a database, a service and a relay for each test (e2e/scenarios/team-desktops.ts).
const setup = teamDesktops({ merchant: MERCHANT, database: 'e2e team journal' });

/** Where the team journal is, as its form and main's words name it. */
const where = () => `127.0.0.1:${setup.team.port}/${setup.team.database}`;
/** The same, inside a regular expression. */
const whereInPattern = () => where().replaceAll('.', '\\.');

/** The merchant's transactions at the sandbox (not shown to a person: the test picks one to look up). */
const transactions = () => setup.sandbox.state(MERCHANT.key).transactions as unknown as SandboxTransaction[];

/** Presses Test connection and answers what the section says. */
async function testConnection(section: Locator): Promise<Locator> {
  await section.getByRole('button', { name: /^Test connection/ }).click();
  const result = section.getByTestId('team-journal-test-result');
  await expect(result).toHaveClass(/\bok\b/);
  return result;
}

async function useProfile(page: Page): Promise<void> {
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: `${PROFILE} (LIVE)` });
  await expect(activeProfile(page)).toContainText(PROFILE);
}

/** A new invoice through the form, sender left out; answers its foreign id. */
async function fillNewInvoice(page: Page): Promise<string> {
  await openInvoices(page);
  await fillInvoice(page);
  await leaveOutSender(page);
  return field(page, 'Foreign id').inputValue();
}

const rowOf = (page: Page, text: string) => historyRows(page).filter({ hasText: text });

test('two desktops, one team journal on PostgreSQL: joined from Profiles, one record on both, and nothing sent while it is away', async ({ page: ana, openDesktop }) => {
  test.setTimeout(180_000);
  const { server, team, sandbox, relay } = setup;
  const [deposit, withdrawal] = [transactions().find((t) => t.type === 'deposit'), transactions().find((t) => t.type === 'withdrawal')];
  if (!deposit || !withdrawal) throw new Error('the sandbox holds no deposit and withdrawal for the merchant');
  let anasInvoice = '';

  await test.step("Ana's desktop joins the team journal from the Profiles screen, uploads its history, and creates an invoice", async () => {
    await setDisplayName(ana, ANA);
    await addProfile(ana, { name: PROFILE, baseUrl: relay.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
    await useProfile(ana);
    // Recorded on this computer only, before joining: the upload takes it up.
    await openTransactions(ana);
    await lookUpAndWait(ana, 'id', String(deposit.id));

    await openScreen(ana, 'Profiles');
    await profileRow(ana, PROFILE).getByRole('button', { name: /^Edit/ }).click();
    const edit = ana.getByRole('form', { name: `Edit ${PROFILE}` });
    const section = edit.getByRole('group', { name: 'Team journal (optional)' });
    await fillTeamJournal(section, team, team);
    await expect(await testConnection(section)).toHaveText(
      new RegExp(`^Connected to PostgreSQL [\\d.]+ at ${whereInPattern()}, without TLS \\(it runs on this computer\\)\\. The journal's tables are not made yet: the first desktop that joins makes them, and this user may\\. This login owns the journal: keep it for setting the journal up and upgrading it, and give each person a login of their own with row rights for everyday work \\(README, "A login for each person"\\)\\.$`),
    );
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();

    const offer = ana.getByTestId('upload-offer');
    await expect(offer.getByRole('heading', { name: `Upload this computer’s history of ${PROFILE}?` })).toBeVisible();
    await offer.getByRole('button', { name: 'Upload history' }).click();
    await expect(offer.getByTestId('upload-result')).toHaveText('1 entry moved to the team journal.');
    await offer.getByRole('button', { name: 'Close' }).click();

    anasInvoice = await fillNewInvoice(ana);
    await createInvoice(ana);
    expect(relay.sends(anasInvoice)).toBe(1);

    await openHistory(ana);
    await expect(ana.getByTestId('history-lead')).toContainText(`on every computer of its team journal, ${team.database} on 127.0.0.1`);
    // The payments (the invoice), then everything: the lookup too.
    await expect(historyRows(ana)).toHaveCount(1);
    await show(ana, 'everything');
    await expect(historyRows(ana)).toHaveCount(2);
    await expect(rowOf(ana, anasInvoice).locator('[data-column="made-by"]')).toHaveText(`${ANA} (login ${team.user}) on ${COMPUTER}`);
  });

  const ben = (await openDesktop()).page;

  await test.step("Ben's desktop, another data folder on the same account, joins the same database: its History shows Ana's entries, and finds them by person", async () => {
    await setDisplayName(ben, BEN);
    await ben.getByRole('button', { name: 'Add profile' }).first().click();
    const form = ben.getByRole('form', { name: /profile/i });
    await fillProfileForm(ben, { name: PROFILE, baseUrl: relay.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
    const section = form.getByRole('group', { name: 'Team journal (optional)' });
    await fillTeamJournal(section, team, team);
    // Ana's desktop made the tables: this one writes the same schema.
    await expect(await testConnection(section)).toContainText(`at ${where()}, without TLS (it runs on this computer). The journal is at schema version`);
    await form.getByRole('button', { name: 'Add profile' }).click();
    await expect(form).toBeHidden();
    // Nothing of this profile on Ben's computer yet: he need not upload.
    await ben.getByTestId('upload-offer').getByRole('button', { name: 'Not now' }).click();
    await useProfile(ben);

    await openHistory(ben);
    await show(ben, 'everything');
    await expect(historyRows(ben)).toHaveCount(2);
    await expect(rowOf(ben, anasInvoice).locator('[data-column="made-by"]')).toHaveText(`${ANA} (login ${team.user}) on ${COMPUTER}`);
    await expect(cell(rowOf(ben, String(deposit.id)), 'operation')).toHaveText('Lookup');

    const person = searchField(ben, 'person');
    await expect(person.locator('option')).toHaveText(['Everyone', ANA]);
    await person.selectOption({ label: ANA });
    await expect(rowOf(ben, anasInvoice)).toHaveCount(1);
    await expect(cell(rowOf(ben, anasInvoice), 'operation')).toHaveText('Invoice');
    await person.selectOption({ label: 'Everyone' });
    await expect(historyRows(ben)).toHaveCount(2);
  });

  await test.step('the database goes away: Ben’s invoice is refused before anything is sent, saying why; a lookup works and is kept; once the database is back the lookup is in History', async () => {
    await server.stop('fast');

    const refused = await fillNewInvoice(ben);
    await submitButton(ben).click();
    await expect(invoiceForm(ben).getByRole('alert')).toHaveText(
      new RegExp(`^The team journal at ${whereInPattern()} cannot be reached \\(ECONNREFUSED\\)\\..*Nothing was sent.*Lookups still work`),
    );
    expect(relay.sends(refused)).toBe(0);
    expect(sandbox.state(MERCHANT.key).invoices.map((invoice) => invoice.foreign_id)).not.toContain(refused);

    await openTransactions(ben);
    await expect(await lookUpAndWait(ben, 'id', String(withdrawal.id))).toContainText(`Transaction ${withdrawal.id}`);

    await openHistory(ben);
    const notice = ben.getByTestId('journal-unavailable');
    await expect(notice).toContainText(`The team journal cannot be reached. The team journal at ${where()} cannot be reached (ECONNREFUSED).`);
    await expect(notice).toContainText('1 lookup made meanwhile waits on this computer, to be added when it is back.');
    await expect(banner(ben)).toContainText('The team journal cannot be reached: operations that need a check cannot be listed until it is back.');

    await server.start();
    // Try again looks at everything History read again: the entries, the people, the banner.
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(banner(ben)).toHaveCount(0);
    await expect(rowOf(ben, String(withdrawal.id)).locator('[data-column="made-by"]')).toHaveText(`${BEN} (login ${team.user}) on ${COMPUTER}`);
    await expect(historyRows(ben)).toHaveCount(3);
    await expect(searchField(ben, 'person').locator('option')).toHaveText(['Everyone', ANA, BEN]);

    // Ana's desktop sees Ben's lookup in the one record too (History reads afresh as it opens).
    await openScreen(ana, 'Transactions');
    await openHistory(ana);
    await expect(rowOf(ana, String(withdrawal.id)).locator('[data-column="made-by"]')).toHaveText(`${BEN} (login ${team.user}) on ${COMPUTER}`);
  });
});
