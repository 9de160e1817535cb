import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/harness/build.ts';
import { runCommand, stillRunning } from './run-command.ts';

// The README's two commands that run the built app: `npm run preview` and `npm run bench -- --quick`,
// run for real. Both build out/ themselves (electron-vite build, as `npm start` does), into this
// checkout's out/: they are in one file because vitest runs a file's tests one after another, so
// their two builds never write out/ at the same time. Both run the app, whose keychain is the
// Secret Service: npm test and the README's single-suite command start vitest inside a private
// D-Bus session with gnome-keyring.

const noStackTrace = /^\s+at .+[(:]\d+/m;
const keyringAdvice = 'run inside a D-Bus session with gnome-keyring, as npm test does (README, Troubleshooting)';

// README: "`npm run preview` ... works under `xvfb-run -a`". Run as written, here with a Secret Service,
// under `xvfb-run -a`, with a TMPDIR of its own so that whatever it leaves behind can be seen.
const READY = /^Merchant Console preview: (\S+) \(data in (.+)\)\nClose the window or press Ctrl-C to stop\.$/m;

// What the preview says, in one line, when it keeps its secrets in a keyring of its own.
const PRIVATE_KEYRING_LINE =
  'No usable Secret Service here (no D-Bus session): the preview keeps its secrets in a private keyring of its own (gnome-keyring in a D-Bus session of its own), gone when it stops.';

// What others leave in TMPDIR: Node's compile cache (kept on purpose, npm turns it on); xvfb-run's X
// authority folder (its clean-up runs only on a normal exit, not on Ctrl-C); and, KNOWN OPEN, the
// temp folders of Chromium and of Playwright's launch when the same Ctrl-C also ends Xvfb under
// the headed Chromium, which then dies with its display before the preview closes it. Anything
// else, the preview's own data folder above all, fails the test.
const LEFT_BY_OTHERS = /^(node-compile-cache|xvfb-run\.\w+|org\.chromium\.Chromium\.\w+|playwright_chromiumdev_profile-\w+)$/;

describe('npm run preview', () => {
  it('starts the built app under xvfb-run, and Ctrl-C quits it cleanly, leaving none of its own processes or files behind', async () => {
    expect(process.env.DBUS_SESSION_BUS_ADDRESS, keyringAdvice).toBeTruthy();
    const tmp = mkdtempSync(join(tmpdir(), 'merchant-console-preview-run-'));
    try {
      const preview = runCommand('xvfb-run', ['-a', 'npm', 'run', 'preview'], { cwd: ROOT, env: { ...process.env, TMPDIR: tmp }, deadlineMs: 150_000 });
      const ready = READY.exec(await preview.waitFor(READY));
      const dataDir = ready?.[2] ?? '';
      expect(ready?.[1], 'the window shows the app itself').toMatch(/^app:\/\/renderer\//);
      expect(dataDir.startsWith(tmp) && existsSync(dataDir), `data folder ${dataDir}`).toBe(true);

      // Xvfb, npm, the preview's node and its Chromium: all must be gone after Ctrl-C.
      const started = preview.descendants();
      expect(started.length).toBeGreaterThan(2);
      preview.interrupt();
      const { code, signal, output } = await preview.exited;
      expect(output).toContain('Merchant Console preview stopped.');
      expect(output).not.toMatch(noStackTrace);
      expect(output).not.toContain('The page or the stand-in reported');
      // The preview exits 0; the shell scripts around it (xvfb-run, npm's sh) end on Ctrl-C by SIGINT, as shells do.
      expect({ code, signal, output }).toMatchObject(code === 0 ? { code: 0 } : { signal: 'SIGINT' });
      await expect.poll(() => stillRunning(started), { timeout: 10_000 }).toEqual([]);
      expect(existsSync(dataDir), 'the preview removes its data folder').toBe(false);
      expect(readdirSync(tmp).filter((entry) => !LEFT_BY_OTHERS.test(entry))).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 180_000);

  // README: "`LANG=de_DE.UTF-8 npm run preview` starts in German". Run as written (under xvfb-run),
  // with the other variables Electron reads before LANG cleared, as on a German desktop.
  it('with LANG=de_DE.UTF-8 starts the window in German', async () => {
    expect(process.env.DBUS_SESSION_BUS_ADDRESS, keyringAdvice).toBeTruthy();
    const tmp = mkdtempSync(join(tmpdir(), 'merchant-console-preview-de-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, LANG: 'de_DE.UTF-8', LANGUAGE: '', LC_ALL: '', LC_MESSAGES: '' };
      const preview = runCommand('xvfb-run', ['-a', 'npm', 'run', 'preview'], { cwd: ROOT, env, deadlineMs: 120_000 });
      const output = await preview.waitFor(READY);
      expect(output).toContain('Window language: de.');
      preview.interrupt();
      expect((await preview.exited).output).toContain('Merchant Console preview stopped.');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 150_000);

  // README: "`npm run preview` ... with no usable Secret Service it starts a private keyring of its
  // own and says so". A bare Linux: under xvfb-run, with no D-Bus session at all. Without that
  // private keyring, libsecret would start a bus of its own on the X display and gnome-keyring would
  // wait there for a password nobody can see; the deadline fails that instead of hanging the suite.
  it('with no D-Bus session, says it uses a private keyring, comes up within a deadline, and Ctrl-C leaves nothing behind', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'merchant-console-preview-bare-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
      delete env.DBUS_SESSION_BUS_ADDRESS;
      const preview = runCommand('xvfb-run', ['-a', 'npm', 'run', 'preview'], { cwd: ROOT, env, deadlineMs: 120_000 });
      const output = await preview.waitFor(READY);
      const said = output.split('\n').filter((line) => line.includes('private keyring'));
      expect(said).toEqual([PRIVATE_KEYRING_LINE]);
      expect(READY.exec(output)?.[1], 'the window shows the app itself').toMatch(/^app:\/\/renderer\//);

      const started = preview.descendants();
      preview.interrupt();
      const { output: all } = await preview.exited;
      expect(all).toContain('Merchant Console preview stopped.');
      expect(all).not.toMatch(noStackTrace);
      expect(all).not.toContain('The page or the stand-in reported');
      await expect.poll(() => stillRunning(started), { timeout: 10_000 }).toEqual([]);
      expect(readdirSync(tmp).filter((entry) => !LEFT_BY_OTHERS.test(entry))).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 150_000);
});

// README: "`npm run bench -- --quick` is a one-minute smoke run that only prints". Run for real
// (it builds out/ and opens Chromium, as the full run does), with the one thing shortened that only
// costs waiting: the quote soak, 5 s instead of a minute (BENCH_SOAK_SECONDS, documented in the
// README), so the whole run takes about a minute on two cores instead of two. Nothing is timed.

const BENCHMARKS = join(ROOT, 'docs/benchmarks.md');
const SECTIONS = [
  '# Benchmarks',
  '## Client overhead',
  '## Journal search over 10,000 entries',
  '## A hostile answer: main keeps answering',
  '## Renderer: initial bundle and cold load',
  '## Cold start under the Electron stand-in',
  '## Pairs table at 10,000 pairs',
  '## Callback receiver: sustained callbacks per second',
  '## Callback receiver: from arrival to History',
  '## Live quote soak: 5 s on screen',
];

function fingerprint(file: string): string {
  if (!existsSync(file)) return 'absent';
  return `${createHash('sha256').update(readFileSync(file)).digest('hex')} ${statSync(file).mtimeMs}`;
}

describe('npm run bench -- --quick', () => {
  it('prints every section of the report and leaves docs/benchmarks.md as it was', async () => {
    expect(process.env.DBUS_SESSION_BUS_ADDRESS, keyringAdvice).toBeTruthy();
    const before = fingerprint(BENCHMARKS);
    const bench = runCommand('npm', ['run', 'bench', '--', '--quick'], { cwd: ROOT, env: { ...process.env, BENCH_SOAK_SECONDS: '5' }, deadlineMs: 280_000 });
    const { code, output } = await bench.exited;
    expect({ code, output }).toMatchObject({ code: 0 });
    const headings = output.split('\n').filter((line) => line.startsWith('#'));
    for (const section of SECTIONS) expect(headings.some((line) => line.startsWith(section)), `no "${section}" in:\n${headings.join('\n')}`).toBe(true);
    // A section whose measurement broke would print NaN or undefined rather than fail.
    expect(output).not.toMatch(/\bNaN\b|\bundefined\b|Infinity/);
    expect(output).not.toMatch(noStackTrace);
    expect(output).toContain('(--quick: docs/benchmarks.md left as it was)');
    expect(fingerprint(BENCHMARKS)).toBe(before);
  }, 300_000);

  it('refuses a BENCH_SOAK_SECONDS that is not a whole number of seconds, before measuring anything', async () => {
    for (const given of ['abc', '0', '1.5', '-3']) {
      const bench = runCommand('npm', ['run', 'bench', '--', '--quick'], { cwd: ROOT, env: { ...process.env, BENCH_SOAK_SECONDS: given }, deadlineMs: 20_000 });
      const { code, output } = await bench.exited;
      expect(code).toBe(2);
      expect(output).toContain(`BENCH_SOAK_SECONDS must be a whole number of seconds from 1 to 99999, not "${given}"`);
      expect(output).not.toContain('client overhead');
      expect(output).not.toMatch(noStackTrace);
    }
  }, 60_000);
});
