import type { Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { wordsOn } from './words.ts';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../screenshots');

/**
 * Saves e2e/screenshots/<screen>-light.png and <screen>-dark.png, choosing each theme through the
 * Theme select as a person would, then puts the previous choice back. Where a spec starts the app in
 * another language itself (`language`: the screens spec, whose pictures docs/screens keeps) the
 * names are <screen>-<language>-light.png and -dark.png. A whole run in another language (the german
 * project) saves into its own folder, e2e/screenshots/run-<language>/, so that it never overwrites
 * the screens spec's pictures of the same screen. The select is found by its test id, so it is
 * found whatever language its label is in.
 */
export async function screenshotBothThemes(page: Page, screen: string, language?: string): Promise<string[]> {
  const run = wordsOn(page).language;
  const folder = language === undefined && run !== 'en' ? resolve(SCREENSHOT_DIR, `run-${run}`) : SCREENSHOT_DIR;
  await mkdir(folder, { recursive: true });
  const select = page.getByTestId('theme-select');
  const name = language === undefined || language === 'en' ? screen : `${screen}-${language}`;
  const previous = await select.inputValue();
  const saved: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await select.selectOption(theme);
    await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
    const path = resolve(folder, `${name}-${theme}.png`);
    await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    saved.push(path);
  }
  await select.selectOption(previous);
  return saved;
}
