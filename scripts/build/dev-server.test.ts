import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { resolveConfig } from 'electron-vite';
import { createServer } from 'vite';
import type { InlineConfig, Plugin, ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentPolicy } from '../../electron/shell/csp.ts';
import { ROOT } from '../electron/package.ts';
import { freePort } from '../../electron/platform/testing/free-port.ts';
import { META_CONTENT_SECURITY_POLICY } from './csp-meta.ts';
import { metaPolicies } from './html.ts';

// `npm run dev`: the renderer from electron-vite's dev server, with the renderer config electron-vite
// resolves for `dev`, in Debian's Chromium, under the development header main sends in dev
// (electron/main.ts). Served this way, the page is styled and Vite's HMR socket connects; with the
// strict <meta> the build adds, both would be blocked, whatever the header allows.

let server: ViteDevServer;
let origin: string;
let browser: Browser;
// The page as it was before the build alone added the strict <meta>: for the test that shows why.
let serveStrictMeta = false;

/**
 * What main does in dev (electron/main.ts, installContentSecurityPolicy): the development policy as a
 * header on every response. Set by the server, not by intercepting requests in the browser: a
 * response made up by the browser has no loopback address, and Chromium's local-network checks
 * would then refuse the page's socket to the dev server.
 */
function mainProcessInDev(): Plugin {
  return {
    name: 'test:main-process-in-dev',
    apply: 'serve',
    configureServer(dev) {
      dev.middlewares.use((_request, response, next) => {
        response.setHeader('Content-Security-Policy', developmentPolicy(origin));
        next();
      });
    },
    transformIndexHtml: (html) =>
      serveStrictMeta ? html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${META_CONTENT_SECURITY_POLICY}">`) : html,
  };
}

beforeAll(async () => {
  const resolved = await resolveConfig({ root: ROOT, logLevel: 'silent' }, 'serve', 'development');
  const renderer = resolved.config?.renderer as InlineConfig;
  // A fixed port, as electron-vite's own: Vite's client builds its socket's URL from the configured port.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const plugins = [...(renderer.plugins ?? []), mainProcessInDev()];
  server = await createServer({ ...renderer, plugins, logLevel: 'silent', server: { host: '127.0.0.1', port, strictPort: true } });
  await server.listen();
  browser = await chromium.launch({ executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type DevLoad = { violations: string[]; hmrConnected: boolean; background: string };

// zod probes once whether it may compile its checks with `new Function` and falls back when not
// (zod/v4/core/util.js, allowsEval); Chromium reports the refused probe. The shipped build, under the
// strict policy, does the same: it is not something the dev server's policy should allow.
const ZOD_EVAL_PROBE = 'script-src eval';

// What the console says about Vite's socket: open, given up (vite/dist/client), or refused by a CSP
// (Chromium's own message, after which Vite's client says nothing more).
const HMR_CONNECTED = '[vite] connected.';
const HMR_OUTCOME = /^(\[vite\] connected\.|\[vite\] failed to connect to websocket|Connecting to 'ws:.*violates the following Content Security Policy)/;

/** Loads the dev page in a fresh page, and reports what was blocked, whether HMR connected, and a style. */
async function loadDevPage(): Promise<DevLoad> {
  const page: Page = await browser.newPage();
  try {
    await page.addInitScript(() => {
      const store = globalThis as unknown as { __violations: string[]; addEventListener(type: string, listener: (event: { violatedDirective: string; blockedURI: string }) => void): void };
      store.__violations = [];
      store.addEventListener('securitypolicyviolation', (event) => store.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const socket = page.waitForEvent('console', { predicate: (message) => HMR_OUTCOME.test(message.text()) });
    // goto waits for the load event: by then main.tsx and its static imports, theme.css among them, have run.
    await page.goto(origin);
    const hmrConnected = (await socket).text() === HMR_CONNECTED;
    const background = await page.evaluate(() => {
      const dom = globalThis as unknown as { getComputedStyle(element: unknown): { getPropertyValue(name: string): string }; document: { documentElement: unknown } };
      return dom.getComputedStyle(dom.document.documentElement).getPropertyValue('--bg').trim();
    });
    const violations = await page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations);
    return { violations: violations.filter((violation) => violation !== ZOD_EVAL_PROBE), hmrConnected, background };
  } finally {
    await page.close();
  }
}

describe('the dev server', () => {
  it('serves index.html without a CSP <meta> (the build alone adds it)', async () => {
    const html = await (await fetch(origin)).text();
    expect(html).toContain('/@vite/client');
    expect(metaPolicies(html)).toEqual([]);
  });

  it("renders styled, with Vite's HMR socket connected and nothing blocked, under main's development header", async () => {
    const load = await loadDevPage();
    expect(load.violations).toEqual([]);
    expect(load.hmrConnected).toBe(true);
    expect(load.background).toBe('#f6f7f9'); // theme.css's light background: the styles Vite injected apply
  });

  it('would be unstyled and without HMR if the strict <meta> were served in dev, as it was', async () => {
    serveStrictMeta = true;
    const load = await loadDevPage().finally(() => (serveStrictMeta = false));
    const directives = load.violations.map((violation) => violation.split(' ')[0]);
    expect(directives).toContain('connect-src');
    // What keeps the styles off depends on the order modules run in: Vite's injected <style> refused
    // (style-src-elem), or React Refresh's inline preamble refused first (script-src-elem), after which
    // the first component module throws before the stylesheets' modules run. Either way, unstyled.
    expect(directives.some((directive) => directive === 'style-src-elem' || directive === 'script-src-elem')).toBe(true);
    expect(load.hmrConnected).toBe(false);
    expect(load.background).toBe('');
  });
});
