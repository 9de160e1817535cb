import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { resolveConfig } from 'electron-vite';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_GLOBAL, CHANNEL_NAMES } from '../../shared/ipc/channels.ts';
import { ROOT } from '../electron/package.ts';

// The preload as `electron-vite build` writes it: the project's own config, resolved by electron-vite
// the way its CLI does, but only the preload target is built (into a temp folder), so this test
// does not depend on `npm run build` having run first (test.sh builds after vitest) and costs no
// renderer build. The preload is bundled whole into one sandboxed script, so every import counts.

/** The preload's budget: a list of channel names, the rule mark and one function, not the contract, zod or the catalogues. */
const PRELOAD_BUDGET_BYTES = 10_000;

let out: string;
let code: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'merchant-console-preload-'));
  const resolved = await resolveConfig({ root: ROOT, build: { outDir: out }, logLevel: 'warn' }, 'build', 'production');
  const preload = resolved.config?.preload;
  if (!preload) throw new Error('electron.vite.config.ts has no preload target');
  await build(preload);
  code = readFileSync(join(out, 'preload', 'preload.cjs'), 'utf8');
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

type Exposed = { invoke(channel: unknown, payload: unknown): Promise<unknown> };

/**
 * Runs the bundle the way a sandboxed preload runs: CommonJS whose `require` offers 'electron' and
 * nothing else, so a bundle that still needs any other module throws here naming it.
 */
function runSandboxed(bundle: string) {
  const exposed = new Map<string, unknown>();
  const sent: unknown[][] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
    ipcRenderer: { invoke: (...args: unknown[]) => (sent.push(args), Promise.resolve({ ok: true, value: null })) },
  };
  const require = (id: string) => {
    if (id === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require '${id}'`);
  };
  const module = { exports: {} };
  runInNewContext(bundle, { require, module, exports: module.exports });
  return { exposed, sent };
}

describe('the built preload', () => {
  it(`stays under ${PRELOAD_BUDGET_BYTES} bytes`, () => {
    expect(Buffer.byteLength(code), 'out/preload/preload.cjs grew: does it import more than shared/ipc/channels.ts?').toBeLessThan(PRELOAD_BUDGET_BYTES);
  });

  it('bundles no zod, no contract, no catalogue and no other package: only preload.ts, the channel list and the rule mark', () => {
    // Unminified, Rolldown heads each bundled module with a comment naming its source file. Exactly
    // these three, so a change in that format fails here instead of passing with nothing found.
    const modules = [...code.matchAll(/^\/\/ (\S+\.[cm]?[jt]sx?)$/gm)].map((match) => match[1]);
    expect(modules).toEqual(['shared/i18n/rule-mark.ts', 'shared/ipc/channels.ts', 'electron/preload.ts']);
    // zod's own code, should it come in some way that names no module.
    expect(code).not.toMatch(/node_modules|ZodError|\$ZodType|safeParse/);
    // Its refusals travel as catalogue ids, worded by the window; no catalogue's words ride along.
    expect(code).toContain('app.bridge.notSent');
    expect(code).not.toMatch(/could not be sent to the app|konnte nicht an die App/);
  });

  it("is CommonJS that requires 'electron' only, and still refuses a channel outside the list", async () => {
    expect([...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1])).toEqual(['electron']);
    const { exposed, sent } = runSandboxed(code);
    const api = exposed.get(BRIDGE_GLOBAL) as Exposed;
    expect(await api.invoke('shell.openExternal', {})).toMatchObject({ ok: false, error: { kind: 'unknown_channel' } });
    expect(sent).toEqual([]);
    for (const channel of CHANNEL_NAMES) await api.invoke(channel, {});
    expect(sent.map(([channel]) => channel)).toEqual([...CHANNEL_NAMES]);
  });
});
