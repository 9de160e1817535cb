import { hostname } from 'node:os';
import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { fillProfileForm, LIVE_PROFILE, openScreen, profileRow } from '../scenarios/profiles.ts';
import { freePort } from '../../electron/platform/testing/free-port.ts';

/**
 * Joining a team journal from the Profiles screen (README, "The team journal"): "Your name in the journal", set once,
 * and a live profile's "Team journal (optional)" section with "Test connection", through the real
 * preload, router and main. (Connecting to a real PostgreSQL from the app is the team journal
 * suite's; here the test connects to a port on this computer where nothing listens.)
 */

test.beforeEach(async ({ page }) => {
  await openScreen(page, 'Profiles');
});

test('your name in the journal is set once: a team journal waits for it, and main refuses another name', async ({ page, words }) => {
  const panel = page.getByRole('region', { name: 'Your name in the journal' });
  await expect(panel).toContainText(`this computer's (${hostname()})`);

  // Joining before the name is set: refused, saying what to do first.
  await page.getByRole('button', { name: 'Add profile' }).first().click();
  const form = page.getByRole('form', { name: /profile/i });
  await expect(form.getByTestId('team-journal-identity')).toContainText('Set your name in the journal first');
  await fillProfileForm(page, { name: LIVE_PROFILE.name, preset: 'Production', apiKey: LIVE_PROFILE.apiKey, secret: LIVE_PROFILE.secret });
  await form.getByLabel('Server', { exact: true }).fill('journal.example.com');
  await form.getByLabel('Database', { exact: true }).fill('finance');
  await form.getByLabel('User', { exact: true }).fill('console');
  await form.getByLabel('Password', { exact: true }).fill('team-password-1');
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form.getByRole('alert')).toHaveText(words('main.platform.teamJournal.settings.nameFirst'));
  await expect(profileRow(page, LIVE_PROFILE.name)).toHaveCount(0);

  // An empty name is refused where it is typed; a good one is set, and then only shown.
  const name = panel.getByLabel('Your name', { exact: true });
  await name.fill('   ');
  await name.press('Enter');
  await expect(name).toHaveAccessibleDescription(words.within('rules.identity.name'));
  await name.fill('  Ana Ruiz  ');
  await name.press('Enter');
  // Set once for good, so asked back first: nothing is set until the person says yes.
  await expect(panel.getByRole('group', { name: /^Set your name in the journal to “Ana Ruiz”\?/ })).toContainText('cannot be changed afterwards');
  await expect(panel.getByRole('button', { name: 'Change it' })).toBeFocused();
  await panel.getByRole('button', { name: 'Yes, set “Ana Ruiz”' }).click();
  const shown = page.getByTestId('identity');
  await expect(shown).toHaveText(`Your name in the journal: Ana Ruiz on ${hostname()}`);
  await expect(page.getByLabel('Your name', { exact: true })).toHaveCount(0);
  await expect(page.getByText('It is set once and cannot be changed').first()).toBeVisible();
  await expect(form.getByTestId('team-journal-identity')).toHaveText(`Your name in the journal: Ana Ruiz on ${hostname()}`);

  // Now the profile joins; its password never comes back to the page.
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form).toBeHidden();
  await expect(profileRow(page, LIVE_PROFILE.name)).toBeVisible();
  expect(await page.content()).not.toContain('team-password-1');

  // Whatever the renderer sends, main keeps the first name.
  const answer = await page.evaluate(() => (globalThis as unknown as PageGlobals).merchantConsole?.invoke('identity.set', { displayName: 'Someone Else' }));
  expect(answer).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid_request', message: expect.stringContaining('already set to "Ana Ruiz" and cannot be changed') }) });
  await page.reload();
  await openScreen(page, 'Profiles');
  await expect(page.getByTestId('identity')).toHaveText(`Your name in the journal: Ana Ruiz on ${hostname()}`);
});

test('Test connection explains the failure on the values as typed, from the keyboard, before anything is saved', async ({ page, bridge, words }) => {
  await page.getByRole('button', { name: 'Add profile' }).first().click();
  const form = page.getByRole('form', { name: /profile/i });
  const section = form.getByRole('group', { name: 'Team journal (optional)' });
  const test = section.getByRole('button', { name: /^Test connection/ });
  const result = section.getByTestId('team-journal-test-result');

  // Nothing named yet: the section says what it needs, and nothing is asked of main.
  await test.click();
  await expect(section.getByLabel('Server', { exact: true })).toHaveAccessibleDescription(/Enter the team journal's server to test it/);
  expect(bridge.calls).not.toContain('profiles.testTeamJournal');

  const port = await freePort();
  await section.getByLabel('Server', { exact: true }).fill('127.0.0.1');
  await section.getByLabel('Port', { exact: true }).fill(String(port));
  await section.getByLabel('Database', { exact: true }).fill('finance');
  await section.getByLabel('User', { exact: true }).fill('console');
  // Without a password (nothing is stored for a new profile): the password field says so.
  await test.click();
  await expect(section.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    words.within('main.platform.teamJournal.settings.passwordNone', { target: `postgres://console@127.0.0.1:${port}/finance` }),
  );
  await section.getByLabel('Password', { exact: true }).fill('team-password-2');

  // From the keyboard: the button follows the CA file field.
  await section.getByLabel('CA file', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(test).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(result).toHaveText(
    `The team journal at 127.0.0.1:${port}/finance cannot be reached (ECONNREFUSED). Nothing is listening at that host and port: check both, and that PostgreSQL runs there and accepts connections from the network (listen_addresses).`,
  );
  await expect(result).toHaveAttribute('role', 'status');
  await expect(result).toHaveClass(/failed/);
  await expect(test).toHaveText(/^Test connection/);
  expect(bridge.calls).not.toContain('profiles.save');
  await screenshotBothThemes(page, 'profiles-team-journal');
});
