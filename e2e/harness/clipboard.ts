import { expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';

/**
 * The clipboard as the test itself sees it: through a page of its own browser context (headless
 * Chromium has one clipboard per browser, shared by its contexts), granted what it needs there.
 * The app's page is granted nothing by the harness: its copies go through main's permission
 * handler (e2e/standin/permissions.ts).
 */
const OWN_PAGE = 'https://clipboard.test';

type ClipboardGlobal = { navigator: { clipboard: { readText(): Promise<string>; writeText(text: string): Promise<void> } } };

async function withOwnPage<T>(browser: Browser, permission: 'clipboard-read' | 'clipboard-write', use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    await context.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: '<title>The test\'s clipboard</title>' }));
    await context.grantPermissions([permission], { origin: OWN_PAGE });
    const page = await context.newPage();
    await page.goto(OWN_PAGE);
    return await use(page);
  } finally {
    await context.close();
  }
}

export function readClipboard(browser: Browser): Promise<string> {
  return withOwnPage(browser, 'clipboard-read', (page) => page.evaluate(() => (globalThis as unknown as ClipboardGlobal).navigator.clipboard.readText()));
}

/** Puts text on the clipboard (to see that a refused copy changes nothing). */
export function writeClipboard(browser: Browser, text: string): Promise<void> {
  return withOwnPage(browser, 'clipboard-write', (page) =>
    page.evaluate((value) => (globalThis as unknown as ClipboardGlobal).navigator.clipboard.writeText(value), text),
  );
}

/** What main's permission handler was asked, and said, for one Copy (e2e/standin records it). */
export const COPY_ASKED_AND_GRANTED = {
  permission: 'clipboard-sanitized-write',
  requestingUrl: expect.stringMatching(/^app:\/\/renderer\/index\.html/),
  isMainFrame: true,
  granted: true,
};
