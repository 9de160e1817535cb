import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { resolve } from 'node:path';
import { ROOT } from '../harness/build.ts';
import { ElectronStandin } from './standin.ts';

/**
 * The stand-in under a small main of its own (testing/probe-main.ts), for what the app cannot
 * show: a subframe that has the preload (the app's CSP allows no frames), and values of every kind
 * over the bridge and IPC (the app's preload only passes contract channels).
 */

const PROBE_MAIN = resolve(import.meta.dirname, 'testing/probe-main.ts');
const APP_PRELOAD = resolve(ROOT, 'out/preload/preload.cjs');
const PROBE_PRELOAD = resolve(import.meta.dirname, 'testing/probe-preload.cjs');

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;
type ProbeGlobal = {
  merchantConsole: { invoke: Invoke };
  probe: { invoke: Invoke; data: { nested: { list: number[] }; when: Date }; settled: Promise<unknown>; whole: object; echo(value: unknown): unknown };
  probeRefusal: string;
};

async function runProbe(browser: Browser, preload: string): Promise<{ standin: ElectronStandin; page: Page }> {
  const before = process.env.STANDIN_PROBE_PRELOAD;
  process.env.STANDIN_PROBE_PRELOAD = preload;
  const standin = new ElectronStandin({ browser, appPath: ROOT });
  try {
    await standin.run(PROBE_MAIN);
    const page = await (await standin.firstWindow()).page();
    await expect.poll(() => page.frames().map((frame) => frame.url().split('/').pop())).toEqual(['index.html', 'frame.html']);
    return { standin, page };
  } finally {
    if (before === undefined) delete process.env.STANDIN_PROBE_PRELOAD;
    else process.env.STANDIN_PROBE_PRELOAD = before;
  }
}

test("a subframe's call is refused by main's own isTrustedSender (electron/shell/ipc.ts); the main frame's goes through", async ({ browser }) => {
  const { standin, page } = await runProbe(browser, APP_PRELOAD);
  try {
    const call = () => (globalThis as unknown as ProbeGlobal).merchantConsole.invoke('app.info', {});
    expect(await page.mainFrame().evaluate(call)).toEqual({ ok: true, value: 'main answered app.info' });
    const child = page.frames().find((frame) => frame !== page.mainFrame());
    expect(await child?.evaluate(call)).toEqual({
      ok: false,
      error: { kind: 'forbidden_sender', message: 'This request did not come from the app window and was refused.' },
    });
    expect(standin.ipcMain.control.calls).toEqual(['app.info', 'app.info']);
  } finally {
    await standin.quit();
  }
});

test('arguments reach main as structured clones; what cannot be cloned is refused in the renderer; a throw in main arrives in Electron\'s words', async ({ browser }) => {
  const { standin, page } = await runProbe(browser, PROBE_PRELOAD);
  try {
    const shapes = await page.evaluate(() => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      const { probe } = globalThis as unknown as ProbeGlobal;
      return probe.invoke('probe.shapes', new Map([[1, 'a']]), new Set([2]), new Date(0), 10n, undefined, -0, new Uint8Array([1, 2]), cyclic, { plain: [1, 'x'] });
    });
    expect(shapes).toEqual(['Map [[1,"a"]]', 'Set [2]', 'Date 1970-01-01T00:00:00.000Z', 'bigint 10', 'undefined', '-0', 'Uint8Array 1,2', 'cyclic', '{"plain":[1,"x"]}']);
    const failures = await page.evaluate(async () => {
      const { probe } = globalThis as unknown as ProbeGlobal;
      const reason = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: Error) => error.message);
      return Promise.all([reason(probe.invoke('probe.shapes', () => 1)), reason(probe.invoke('probe.throws')), reason(probe.invoke('probe.missing'))]);
    });
    expect(failures[0]).toMatch(/could not be cloned/);
    expect(failures.slice(1)).toEqual([
      "Error invoking remote method 'probe.throws': Error: boom",
      "Error invoking remote method 'probe.missing': Error: No handler registered for 'probe.missing'",
    ]);
  } finally {
    await standin.quit();
  }
});

test('what the preload exposes is a frozen copy: objects rebuilt, functions and promises proxied, ipcRenderer empty, existing keys refused', async ({ browser }) => {
  const { standin, page } = await runProbe(browser, PROBE_PRELOAD);
  try {
    const seen = await page.evaluate(async () => {
      const { probe, probeRefusal } = globalThis as unknown as ProbeGlobal;
      const mine = { a: 1 };
      const echoed = probe.echo(mine) as { a: number };
      return {
        frozen: [probe, probe.data, probe.data.nested, probe.data.nested.list].every((value) => Object.isFrozen(value)),
        list: [...probe.data.nested.list],
        when: probe.data.when instanceof Date ? probe.data.when.getTime() : 'not a Date',
        settled: await probe.settled,
        whole: Object.keys(probe.whole),
        echoedIsACopy: echoed !== mine && echoed.a === 1,
        refusal: probeRefusal,
      };
    });
    expect(seen).toEqual({
      frozen: true,
      list: [1, 2, 3],
      when: 0,
      settled: { answer: 42 },
      whole: [],
      echoedIsACopy: true,
      refusal: 'Cannot bind an API on top of an existing property on the window object',
    });
  } finally {
    await standin.quit();
  }
});
