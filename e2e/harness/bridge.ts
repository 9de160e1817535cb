import type { Page } from '@playwright/test';
import type { AppError, Envelope } from '../../shared/ipc/errors.ts';

/**
 * For the browser benchmarks (scripts/bench/browser.ts): the e2e suite no longer uses this, it runs
 * the real preload and main under the Electron stand-in (e2e/standin).
 *
 * Installs in the page exactly what the preload exposes, `window.merchantConsole = { invoke }`, and
 * forwards each call to the real router in this process through `page.exposeBinding`. Only the
 * page's main frame may call, as in main's IPC check (architecture: VS Code's validatedIpcMain).
 */

export type HarnessRouter = {
  handle(channel: unknown, payload: unknown, context?: { via?: 'ipc' | 'harness' | 'test' }): Promise<Envelope<unknown>>;
};

/** A test-only seam: the next call on a channel answers with this error instead of reaching main. */
export type BridgeControl = {
  failNext(channel: string, error: AppError): void;
  /** Every channel the page called, in order. */
  readonly calls: readonly string[];
};

const BINDING = '__merchantConsoleHarnessInvoke';

export async function installBridge(page: Page, router: HarnessRouter): Promise<BridgeControl> {
  const failures = new Map<string, AppError>();
  const calls: string[] = [];
  await page.exposeBinding(BINDING, async (source, channel: unknown, payload: unknown) => {
    if (source.frame !== source.page.mainFrame()) {
      return { ok: false, error: { kind: 'forbidden_sender', message: 'Only the app window may call.' } };
    }
    calls.push(String(channel));
    const failure = typeof channel === 'string' ? failures.get(channel) : undefined;
    if (failure && typeof channel === 'string') {
      failures.delete(channel);
      return { ok: false, error: failure };
    }
    return router.handle(channel, payload, { via: 'harness' });
  });
  await page.addInitScript((binding: string) => {
    const page = globalThis as unknown as Record<string, (channel: string, payload: unknown) => Promise<unknown>>;
    const call = page[binding];
    if (!call) return;
    // The same narrow, frozen surface that contextBridge gives the renderer (electron/preload.ts).
    Object.defineProperty(page, 'merchantConsole', {
      value: Object.freeze({ invoke: (channel: string, payload: unknown) => call(channel, payload) }),
      enumerable: true,
    });
  }, BINDING);
  return {
    failNext: (channel, error) => failures.set(channel, error),
    calls,
  };
}
