import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { ruleMessage } from '../../shared/i18n/index.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import {
  activeProfile,
  addProfile,
  expectLocalSandboxActive,
  fillProfileForm,
  LIVE_PROFILE,
  openScreen,
  profileRow,
  removeProfile,
  SERVICE_SANDBOX_PROFILE,
  testConnection,
} from '../scenarios/profiles.ts';

test.beforeEach(async ({ page }) => {
  await openScreen(page, 'Profiles');
});

test('the app opens on the local sandbox profile, clearly badged as a sandbox', async ({ page }) => {
  await expectLocalSandboxActive(page);
  const row = profileRow(page, 'Local sandbox');
  await expect(row).toContainText('LOCAL SANDBOX');
  await expect(row).toContainText('(in use)');
  await expect(row.getByTestId('key-hint')).toHaveText(/^…[0-9a-f]{4}$/);
  await expect(row).toContainText('Stored');
  await expect(row.getByRole('button', { name: /^Remove/ })).toHaveCount(0); // built in
  await expect(row).toContainText(/http:\/\/127\.0\.0\.1:\d+/);
  await screenshotBothThemes(page, 'profiles');
});

test('a live profile with the production preset shows only the last 4 of its key, never the secret', async ({ page }) => {
  await addProfile(page, { name: LIVE_PROFILE.name, preset: 'Production', apiKey: LIVE_PROFILE.apiKey, secret: LIVE_PROFILE.secret });
  const row = profileRow(page, LIVE_PROFILE.name);
  await expect(row).toContainText('LIVE');
  await expect(row).toContainText('https://app.cryptoprocessing.com/api/v2');
  await expect(row.getByTestId('key-hint')).toHaveText('…ABCD');
  await expect(row).toContainText('Stored');
  const html = await page.content();
  expect(html).not.toContain(LIVE_PROFILE.apiKey);
  expect(html).not.toContain(LIVE_PROFILE.secret);
  await expect(page.getByTestId('announcer')).toHaveText(`Saved profile ${LIVE_PROFILE.name}`);
  // Adding does not switch: the sandbox stays active until someone chooses LIVE.
  await expectLocalSandboxActive(page);

  await page.getByLabel('Profile', { exact: true }).selectOption({ label: `${LIVE_PROFILE.name} (LIVE)` });
  await expect(activeProfile(page)).toContainText('LIVE');
  await expect(activeProfile(page)).not.toContainText('SANDBOX');
  await expect(page.locator('.app-header-live')).toBeVisible();
  await screenshotBothThemes(page, 'shell-live');
  await profileRow(page, 'Local sandbox').getByRole('button', { name: /^Use/ }).click();
  await expectLocalSandboxActive(page);
});

test('a plain-http address is refused with a clear message, in the form and by main', async ({ page, bridge, words }) => {
  await page.getByRole('button', { name: 'Add profile' }).click();
  const form = page.getByRole('form', { name: /profile/i });
  const baseUrl = form.getByLabel('Base URL', { exact: true });
  await baseUrl.fill('http://example.com');
  await baseUrl.blur(); // errors show when the field is left
  await expect(form.getByText(words('rules.profile.baseUrlHttps'))).toBeVisible();
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toHaveAccessibleDescription(words.within('rules.profile.baseUrlHttps'));
  await form.getByRole('button', { name: 'Add profile' }).click();
  expect(bridge.calls).not.toContain('profiles.save');

  // The same rule holds in main, whatever the renderer sends.
  const answer = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).merchantConsole?.invoke('profiles.save', { name: 'x', baseUrl: 'http://example.com', apiKey: 'k'.repeat(10), secret: 's' }),
  );
  expect(answer).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid_request', fields: { baseUrl: ruleMessage('rules.profile.baseUrlHttps') } }) });
});

test('adding needs a key and a secret; each missing field says so where it is', async ({ page, words }) => {
  await page.getByRole('button', { name: 'Add profile' }).click();
  const form = page.getByRole('form', { name: /profile/i });
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form.getByText(words('rules.profile.name'))).toBeVisible();
  await expect(form.getByText('Enter the API key')).toBeVisible();
  await expect(form.getByText('Enter the secret')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await form.getByLabel('Name', { exact: true }).press('Escape');
  await expect(form).toBeHidden();
});

test("errors from main land next to the field they name", async ({ page, bridge }) => {
  await page.getByRole('button', { name: 'Add profile' }).click();
  await fillProfileForm(page, { name: 'Regional', baseUrl: 'https://eu.example.com/api/v2', apiKey: 'regional-key-1234', secret: 's3cret' });
  bridge.failNext('profiles.save', {
    kind: 'validation',
    message: 'Some fields are not valid.',
    fields: { baseUrl: 'No processing service answers at this address.' },
  });
  await page.getByRole('form', { name: /profile/i }).getByRole('button', { name: 'Add profile' }).click();
  const baseUrl = page.getByLabel('Base URL', { exact: true });
  await expect(baseUrl).toHaveAccessibleDescription(/No processing service answers at this address\./);
  await expect(baseUrl).toBeFocused();

  bridge.failNext('profiles.save', { kind: 'configuration', message: 'The system keychain is not available.' });
  await page.getByRole('form', { name: /profile/i }).getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The system keychain is not available.' })).toBeVisible();
});

test('editing keeps the stored key and secret when their fields are left empty', async ({ page }) => {
  await addProfile(page, { name: LIVE_PROFILE.name, preset: 'Production', apiKey: LIVE_PROFILE.apiKey, secret: LIVE_PROFILE.secret });
  await profileRow(page, LIVE_PROFILE.name).getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('form', { name: `Edit ${LIVE_PROFILE.name}` });
  await expect(form.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('API key', { exact: true })).toHaveAttribute('placeholder', /…ABCD/);
  await expect(form.getByLabel('Secret', { exact: true })).toHaveValue('');
  await form.getByLabel('Name', { exact: true }).fill('Acme live EU');
  await form.getByRole('button', { name: 'Save changes' }).click();
  const row = profileRow(page, 'Acme live EU');
  await expect(row).toContainText('LIVE');
  await expect(row).toContainText('https://app.cryptoprocessing.com/api/v2');
  await expect(row.getByTestId('key-hint')).toHaveText('…ABCD');
  await expect(row).toContainText('Stored');

  // The stored key and secret are tied to their address: another address needs both again.
  await row.getByRole('button', { name: /^Edit/ }).click();
  const again = page.getByRole('form', { name: 'Edit Acme live EU' });
  await again.getByRole('button', { name: 'Use Service sandbox' }).click();
  await again.getByRole('button', { name: 'Save changes' }).click();
  await expect(again.getByLabel('API key', { exact: true })).toHaveAccessibleDescription(/Enter the API key for https:\/\/app\.sandbox\.cryptoprocessing\.com/);
  await again.getByLabel('API key', { exact: true }).fill('sandbox-key-5e21-QRST');
  await again.getByLabel('Secret', { exact: true }).fill('sandbox-secret-77');
  await again.getByRole('button', { name: 'Save changes' }).click();
  await expect(row).toContainText('SANDBOX');
  await expect(row).toContainText('https://app.sandbox.cryptoprocessing.com/api/v2');
  await expect(row.getByTestId('key-hint')).toHaveText('…QRST');
  await expect(row).toContainText('Stored');

  await row.getByRole('button', { name: /^Edit/ }).click();
  await page.getByLabel('API key', { exact: true }).fill('replacement-key-WXYZ');
  await page.getByLabel('API key', { exact: true }).press('Enter');
  await expect(profileRow(page, 'Acme live EU').getByTestId('key-hint')).toHaveText('…WXYZ');
});

test('testing the connection of the local sandbox says it is connected', async ({ page }) => {
  const result = await testConnection(page, 'Local sandbox');
  await expect(result).toContainText('Connected');
  await expect(page.getByTestId('announcer')).toContainText('Local sandbox: Connected');
});

test('removing asks first; Esc keeps the profile, confirming removes it', async ({ page, services }) => {
  // Not live: the screen asks itself (a live profile is asked in main's own dialog, below).
  await addProfile(page, SERVICE_SANDBOX_PROFILE);
  const removeButton = profileRow(page, SERVICE_SANDBOX_PROFILE.name).getByRole('button', { name: /^Remove/ });
  await removeButton.click();
  const dialog = page.getByRole('dialog', { name: `Remove ${SERVICE_SANDBOX_PROFILE.name}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(profileRow(page, SERVICE_SANDBOX_PROFILE.name)).toBeVisible();
  await expect(removeButton).toBeFocused(); // focus returns to the opener

  await removeProfile(page, SERVICE_SANDBOX_PROFILE.name);
  await expect(page.getByTestId('announcer')).toHaveText(`Removed profile ${SERVICE_SANDBOX_PROFILE.name}`);
  const listed = await services.router.handle('profiles.list', {});
  expect(listed.ok && (listed.value as { profiles: { name: string }[] }).profiles.map((p) => p.name)).toEqual(['Local sandbox']);
});

test("removing a live profile asks in main's own message box: Esc keeps it, Remove profile removes it", async ({ page, services, electronApp }) => {
  await addProfile(page, { name: LIVE_PROFILE.name, preset: 'Production', apiKey: LIVE_PROFILE.apiKey, secret: LIVE_PROFILE.secret });
  const { desktop } = electronApp.standin;
  const removeButton = profileRow(page, LIVE_PROFILE.name).getByRole('button', { name: /^Remove/ });
  desktop.answerMessageBox((options) => options.cancelId ?? -1); // Esc
  await removeButton.click();
  await expect(page.getByTestId('remove-error')).toHaveText("Remove profile: nothing was done, because it was not confirmed in the app's confirmation window.");
  await expect(page.getByRole('dialog')).toHaveCount(0); // the screen asks nothing itself
  await expect(profileRow(page, LIVE_PROFILE.name)).toBeVisible();
  expect(desktop.messageBoxes).toEqual([
    {
      window: electronApp.window,
      options: expect.objectContaining({ type: 'warning', message: `Remove the live profile "${LIVE_PROFILE.name}"?`, buttons: ['Cancel', 'Remove profile'], defaultId: 0, cancelId: 0 }),
    },
  ]);

  desktop.answerMessageBox((options) => (options.buttons ?? []).indexOf('Remove profile'));
  await removeButton.click();
  await expect(profileRow(page, LIVE_PROFILE.name)).toHaveCount(0);
  await expect(page.getByTestId('announcer')).toHaveText(`Removed profile ${LIVE_PROFILE.name}`);
  const listed = await services.router.handle('profiles.list', {});
  expect(listed.ok && (listed.value as { profiles: { name: string }[] }).profiles.map((p) => p.name)).toEqual(['Local sandbox']);
});
