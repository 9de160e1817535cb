import type { Page } from '@playwright/test';

/**
 * Collects what must never happen in the renderer: uncaught errors, console errors (CSP violations
 * are reported there) and requests to anything but the page's own origin (connect-src 'none').
 */
export function watchPage(page: Page, origin: string): () => string[] {
  const problems: string[] = [];
  const own = new URL(origin).origin;
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== own) problems.push(`request to ${url.origin}`);
  });
  return () => [...problems];
}
