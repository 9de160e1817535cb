import { expect, test } from '../harness/fixtures.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { fillProfileForm, LIVE_PROFILE, openScreen, profileRow } from '../scenarios/profiles.ts';
import { freePort } from '../../electron/platform/testing/free-port.ts';

/**
 * Joining a team journal: once a profile is saved with one, the Profiles screen offers to
 * upload this computer's history of it, through the real preload, router and main. The database
 * here is a port on this computer where nothing listens, so main's answer is its explained refusal
 * (the upload itself against a real PostgreSQL: electron/platform/team-journal/two-desktops.pg.test.ts).
 */

test('joining offers the upload; declined, it waits on the profile’s row; tried while the team journal is away, it says nothing was uploaded', async ({ page, bridge }) => {
  await openScreen(page, 'Profiles');
  const name = page.getByRole('form', { name: 'Your name in the journal' }).getByLabel('Your name', { exact: true });
  await name.fill('Ana Ruiz');
  await name.press('Enter');
  await page.getByRole('button', { name: 'Yes, set “Ana Ruiz”' }).click();
  await expect(page.getByTestId('identity')).toContainText('Ana Ruiz');

  // A profile without a team journal is saved with no offer.
  await page.getByRole('button', { name: 'Add profile' }).first().click();
  const form = page.getByRole('form', { name: /profile/i });
  await fillProfileForm(page, { name: LIVE_PROFILE.name, preset: 'Production', apiKey: LIVE_PROFILE.apiKey, secret: LIVE_PROFILE.secret });
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form).toBeHidden();
  const offer = page.getByTestId('upload-offer');
  await expect(offer).toHaveCount(0);
  await expect(profileRow(page, LIVE_PROFILE.name).getByRole('button', { name: /^Upload history/ })).toHaveCount(0);

  // It joins a team journal: the offer names the profile and the database.
  const port = await freePort();
  await profileRow(page, LIVE_PROFILE.name).getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('form', { name: `Edit ${LIVE_PROFILE.name}` });
  const section = edit.getByRole('group', { name: 'Team journal (optional)' });
  await section.getByLabel('Server', { exact: true }).fill('127.0.0.1');
  await section.getByLabel('Port', { exact: true }).fill(String(port));
  await section.getByLabel('Database', { exact: true }).fill('finance');
  await section.getByLabel('User', { exact: true }).fill('console');
  await section.getByLabel('Password', { exact: true }).fill('team-password-3');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(offer.getByRole('heading', { name: `Upload this computer’s history of ${LIVE_PROFILE.name}?` })).toBeVisible();
  await expect(offer).toContainText(`records into the team journal at postgres://console@127.0.0.1:${port}/finance`);
  expect(bridge.calls).not.toContain('profiles.uploadHistory');

  // Not now: nothing is asked of main, and the row keeps the offer.
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  expect(bridge.calls).not.toContain('profiles.uploadHistory');
  await profileRow(page, LIVE_PROFILE.name).getByRole('button', { name: /^Upload history/ }).click();

  // The team journal cannot be reached: main says so, and that nothing was uploaded.
  await offer.getByRole('button', { name: 'Upload history' }).click();
  await expect(offer.getByRole('alert')).toHaveText(
    `The team journal at 127.0.0.1:${port}/finance cannot be reached (ECONNREFUSED). Nothing was uploaded: this computer's history stays here, whole, and can be uploaded once the team journal is back.`,
  );
  expect(bridge.calls).toContain('profiles.uploadHistory');
  await expect(offer.getByRole('button', { name: 'Upload history' })).toBeEnabled();
  expect(await page.content()).not.toContain('team-password-3');
  await screenshotBothThemes(page, 'profiles-upload-offer');
});
