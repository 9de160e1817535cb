import { APP_START_URL } from '../../electron/shell/origin.ts';
import { expect, test } from '../harness/fixtures.ts';
import type { PageGlobals } from '../harness/page-globals.ts';
import { screenshotBothThemes } from '../harness/screenshots.ts';
import { navButton } from '../scenarios/profiles.ts';

const SCREENS = [
  ['New invoice', 'New invoice'],
  ['Live quote', 'Live quote'],
  ['Pairs', 'Pairs'],
  ['Transactions', 'Transactions'],
  ['History', 'History'],
  ['Profiles', 'Profiles'],
  ['Balances', 'Balances'],
  ['Deposit address', 'Deposit address'],
  ['Withdrawal', 'Withdrawal'],
] as const;

test('Alt+1..9 and Ctrl+1..9 move between the screens, and the heading takes the focus', async ({ page }) => {
  for (const [index, [label, heading]] of SCREENS.entries()) {
    await page.keyboard.press(`Alt+${index + 1}`);
    const title = page.getByRole('heading', { level: 1, name: heading });
    await expect(title).toBeVisible();
    await expect(title).toBeFocused();
    await expect(navButton(page, label)).toHaveAttribute('aria-current', 'page');
    await expect(navButton(page, label)).toHaveAttribute('aria-keyshortcuts', `Alt+${index + 1} Control+${index + 1}`);
    await expect(navButton(page, label)).toHaveAttribute('title', `${label} (Alt+${index + 1})`);
  }
  await page.keyboard.press('Control+3');
  await expect(page.getByRole('heading', { level: 1, name: 'Pairs' })).toBeVisible();
  // The screen survives a reload (kept in the address's hash).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pairs' })).toBeVisible();
});

test('keyboard focus is visible', async ({ page }) => {
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeFocused();
  // Shift+Tab from the heading reaches the last sidebar item, then the ones above it.
  await page.keyboard.press('Shift+Tab');
  await expect(navButton(page, 'Withdrawal')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  const profiles = navButton(page, 'Profiles');
  await expect(profiles).toBeFocused();
  const ring = await profiles.evaluate((el) => {
    const style = (globalThis as unknown as PageGlobals).getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Shift+Tab');
  await expect(navButton(page, 'History')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
});

test('the theme follows the system until one is chosen, and the choice is kept', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await page.getByLabel('Theme').selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('Alt+1');
  await screenshotBothThemes(page, 'shell');
});

test('a failure to list profiles shows the error and a way to try again', async ({ page, bridge }) => {
  await page.keyboard.press('Alt+6');
  bridge.failNext('profiles.list', { kind: 'service', message: 'The app could not read its profiles.', status: 500 });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'The app could not read its profiles.' })).toBeVisible();
  await expect(page.getByTestId('active-profile')).toContainText('No profile selected');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('active-profile')).toContainText('LOCAL SANDBOX');
});

test('opened without the preload, the page says so instead of failing', async ({ electronApp }) => {
  // The page main serves on app://renderer, opened outside the app's window: no preload, no IPC.
  const page = await electronApp.standin.openWithoutPreload(APP_START_URL);
  await expect(page.getByRole('alert')).toContainText('Merchant Console cannot start here');
  await page.close();
});
