import type { Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { wordsOn } from './words.ts';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../screenshots');

/**
 * Saves e2e/screenshots/<screen>-light.png and <screen>-dark.png, choosing each theme through the
 * Theme select as a person would, then puts the previous choice back. On a desktop in another
 * language than English (the run's, or `language` where the spec starts the app in one itself) the
 * names are <screen>-<language>-light.png and -dark.png. The select is found by its test id, so it
 * is found whatever language its label is in.
 */
export async function screenshotBothThemes(page: Page, screen: string, language?: string): Promise<string[]> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const select = page.getByTestId('theme-select');
  const shown = language ?? wordsOn(page).language;
  const name = shown === 'en' ? screen : `${screen}-${shown}`;
  const previous = await select.inputValue();
  const saved: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await select.selectOption(theme);
    await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
    const path = resolve(SCREENSHOT_DIR, `${name}-${theme}.png`);
    await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    saved.push(path);
  }
  await select.selectOption(previous);
  return saved;
}
