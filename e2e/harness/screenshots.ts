import type { Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { wordsOn } from './words.ts';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../screenshots');

/**
 * Saves e2e/screenshots/<screen>-light.png and <screen>-dark.png, choosing each theme through the
 * Theme select as a person would, then puts the previous choice back. On a desktop in another language
 * than English the language is in the name (<screen>-de-light.png), beside the English ones.
 */
export async function screenshotBothThemes(page: Page, screen: string): Promise<string[]> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const words = wordsOn(page);
  const select = page.getByLabel(words('theme.label'));
  const name = words.language === 'en' ? screen : `${screen}-${words.language}`;
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
