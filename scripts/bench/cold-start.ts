import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchApp } from '../../e2e/harness/app.ts';
import { chromiumLaunchOptions } from '../../e2e/harness/chromium.ts';
import { uniqueKeychainService } from '../../e2e/harness/keychain.ts';
import { buildBenchRenderer } from './browser.ts';
import type { PageDom } from './page-dom.ts';
import { ms, summarise } from './stats.ts';
import type { Summary } from './stats.ts';

/**
 * Cold start of the app under the Electron stand-in (e2e/standin): from the start of a new Node
 * process to the first usable screen, the New invoice form's Title field visible and enabled.
 * Each run is a child process (this file with --child) that launches Chromium, runs the built
 * out/main/main.js with a fresh data folder and keychain service (a first start: the Local sandbox
 * profile is created and its server started), and reports performance.now(), its milliseconds since
 * its own start, at each step. Measured, never asserted. The keychain is real, so where there is no
 * D-Bus session each child gets a private one with its own unlocked keyring (not counted: the clock
 * is the child's own).
 */

const PHASES = ['chromium launched', 'main ready', 'window created', 'usable'] as const;
type Phase = (typeof PHASES)[number];
export type ColdStart = Record<Phase, Summary>;

async function child(): Promise<void> {
  const marks: Partial<Record<Phase, number>> = {};
  const browser = await chromium.launch(chromiumLaunchOptions);
  marks['chromium launched'] = performance.now();
  const app = await launchApp({
    browser,
    keychainService: uniqueKeychainService('bench'),
    onStandin: (standin) => {
      standin.app.once('ready', () => (marks['main ready'] = performance.now()));
      standin.app.once('browser-window-created', () => (marks['window created'] = performance.now()));
    },
  });
  try {
    // Checked on every animation frame, the page's own pace: usable is when a person could type.
    await app.page.waitForFunction(
      () => {
        const field = (globalThis as unknown as PageDom).document.querySelector('input[name="title"]');
        return field !== null && !field.disabled && field.checkVisibility();
      },
      null,
      { polling: 'raf', timeout: 30_000 },
    );
    marks.usable = performance.now();
  } finally {
    await app.close();
    await browser.close();
  }
  process.stdout.write(`${JSON.stringify(marks)}\n`);
}

function runChild(): Promise<Record<Phase, number>> {
  const self = [process.execPath, import.meta.filename, '--child'];
  const keyring = process.env.DBUS_SESSION_BUS_ADDRESS ? null : mkdtempSync(join(tmpdir(), 'mc-bench-keyring-'));
  const [command, ...args] = keyring
    ? ['dbus-run-session', '--', 'sh', '-c', 'echo -n bench | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"', 'sh', ...self]
    : self;
  return new Promise((resolve, reject) => {
    const started = spawn(command as string, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...(keyring ? { XDG_DATA_HOME: keyring } : {}) } });
    let out = '';
    started.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    started.on('error', reject);
    started.on('close', (code) => {
      if (keyring) rmSync(keyring, { recursive: true, force: true });
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`a cold start failed (exit ${code}): ${out.slice(-500)}`));
      else resolve(JSON.parse(line) as Record<Phase, number>);
    });
  });
}

export async function benchColdStart(runs = 10): Promise<ColdStart> {
  // The run's one build (memoised: the renderer section built it already when run from bench.ts).
  await buildBenchRenderer();
  // One start first, not counted: the disk cache's first read of Chromium and node_modules is not the app's.
  await runChild();
  const samples: Array<Record<Phase, number>> = [];
  for (let i = 0; i < runs; i += 1) samples.push(await runChild());
  return Object.fromEntries(PHASES.map((phase) => [phase, summarise(samples.map((sample) => sample[phase]))])) as ColdStart;
}

export function coldStartMarkdown(result: ColdStart): string {
  return [
    '## Cold start under the Electron stand-in',
    '',
    'From the start of a new Node process to the first usable screen (the New invoice form\'s Title',
    'field visible and enabled): Chromium launched (`/usr/bin/chromium`, the e2e launch options), the',
    'built `out/main/main.js` run under the stand-in (e2e/standin) with a fresh data folder and keychain',
    'service, so the Local sandbox profile is made and its server started, and its window loaded with',
    'the real preload. Times are milliseconds since each process started; one uncounted start first.',
    'This is the stand-in\'s start, not Electron\'s: there is no Electron binary here.',
    '',
    '| phase, since process start | runs | p50 | p95 | max |',
    '|---|---|---|---|---|',
    ...PHASES.map((phase) => `| ${phase} | ${result[phase].runs} | ${ms(result[phase].p50)} | ${ms(result[phase].p95)} | ${ms(result[phase].max)} |`),
  ].join('\n');
}

if (process.argv.includes('--child')) await child();
else if (import.meta.main) console.log(coldStartMarkdown(await benchColdStart(Number(process.argv[2] ?? 3))));

