import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findElectronBinary } from './electron/binary.ts';
import { electronPackage } from './electron/package.ts';
import { closedPortUrl, startMirror } from './electron/testing/mirror.ts';
import type { Mirror } from './electron/testing/mirror.ts';
import { runNpm, tempProject } from './electron/testing/project.ts';
import type { TempProject } from './electron/testing/project.ts';
import { zip } from './electron/testing/zip.ts';

// `npm start` and npm ci's postinstall, run for real in a throwaway copy of the project (never this
// checkout's node_modules/electron), against a loopback stand-in for Electron's download server.

const version = electronPackage()?.version ?? '';
const ZIP_NAME = `electron-v${version}-${process.platform}-${process.arch}.zip`;
const ZIP_PATH = `/v${version}/${ZIP_NAME}`;
const PLAIN_MESSAGE = [
  "Merchant Console cannot start: Electron's binary could not be downloaded.",
  'What you can do:',
  '  - retry where there is internet access: npm start',
  '  - download it from a mirror you can reach: ELECTRON_MIRROR=https://your.mirror/electron/ npm start',
  '  - try the app without Electron, in Chromium: npm run preview',
];

let project: TempProject;
let cache: string;
let mirror: Mirror | undefined;

beforeAll(() => {
  project = tempProject();
  // Electron's download cache of its own, so that the user's ~/.cache/electron is neither read nor filled.
  cache = mkdtempSync(join(tmpdir(), 'merchant-console-electron-cache-'));
});
afterAll(() => {
  project.remove();
  rmSync(cache, { recursive: true, force: true });
});
afterEach(async () => {
  await mirror?.close();
  mirror = undefined;
});

const withMirror = (url: string, extra: Record<string, string> = {}) => ({ ELECTRON_MIRROR: url, electron_config_cache: cache, ...extra });

function expectNoStackTrace(output: string): void {
  expect(output).not.toMatch(/^\s+at .+[(:]\d+/m);
  expect(output).not.toContain('Electron uninstall');
  expect(output).not.toContain('failed to install correctly');
}

describe("npm ci's postinstall", () => {
  it("asks ELECTRON_MIRROR for Electron's zip, and when it cannot have it says so in one line and lets npm ci succeed", async () => {
    mirror = await startMirror();
    const run = await runNpm(project, ['run', 'postinstall'], withMirror(mirror.url));
    expect(run.code).toBe(0);
    expect(mirror.requests).toEqual([ZIP_PATH]);
    expect(run.output).toContain(
      `Electron's binary could not be downloaded (Response code 404 (Not Found) for ${mirror.url.slice(0, -1)}${ZIP_PATH}); npm ci carries on.`,
    );
    expectNoStackTrace(run.output);
  });

  it('skips the download when ELECTRON_SKIP_BINARY_DOWNLOAD is set, asking nothing of the network', async () => {
    mirror = await startMirror();
    const run = await runNpm(project, ['run', 'postinstall'], withMirror(mirror.url, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }));
    expect(run.code).toBe(0);
    expect(mirror.requests).toEqual([]);
    expect(run.output).toContain("ELECTRON_SKIP_BINARY_DOWNLOAD is set: Electron's binary is not downloaded");
  });

  it('gives up on a server that never answers after MERCHANT_CONSOLE_DOWNLOAD_TIMEOUT seconds, and says so', async () => {
    mirror = await startMirror({}, { silent: true });
    const run = await runNpm(project, ['run', 'postinstall'], withMirror(mirror.url, { MERCHANT_CONSOLE_DOWNLOAD_TIMEOUT: '1' }));
    expect(run.code).toBe(0);
    expect(mirror.requests).toEqual([ZIP_PATH]);
    expect(run.output).toContain(`(could not download ${mirror.url.slice(0, -1)}${ZIP_PATH}: no answer within 1 s)`);
  });
});

describe('npm start without the binary', () => {
  it('offline: prints the plain message with the cause and exits 1, without building', async () => {
    const offline = await closedPortUrl();
    const run = await runNpm(project, ['start'], withMirror(offline));
    expect(run.code).not.toBe(0);
    for (const line of PLAIN_MESSAGE) expect(run.output).toContain(line);
    expect(run.output).toMatch(new RegExp(`Why: could not download ${offline.replace(/[.:/]/g, '\\$&')}v[\\d.]+/${ZIP_NAME}: connect ECONNREFUSED`));
    expectNoStackTrace(run.output);
    expect(existsSync(join(project.dir, 'out'))).toBe(false);
  });

  it('asks ELECTRON_MIRROR for the zip once and shows its answer in the plain message', async () => {
    mirror = await startMirror();
    const run = await runNpm(project, ['start'], withMirror(mirror.url));
    expect(run.code).not.toBe(0);
    expect(mirror.requests).toEqual([ZIP_PATH]);
    expect(run.output).toContain(`Why: Response code 404 (Not Found) for ${mirror.url.slice(0, -1)}${ZIP_PATH}`);
    for (const line of PLAIN_MESSAGE) expect(run.output).toContain(line);
    expectNoStackTrace(run.output);
  });

  it('npm run dev says the same, instead of electron-vite\'s "Electron uninstall"', async () => {
    const run = await runNpm(project, ['run', 'dev'], withMirror(await closedPortUrl()));
    expect(run.code).not.toBe(0);
    for (const line of PLAIN_MESSAGE) expect(run.output).toContain(line);
    expectNoStackTrace(run.output);
  });

  it("leaves the cause where the _electron suite's skip message finds it", async () => {
    mirror = await startMirror();
    await runNpm(project, ['run', 'postinstall'], withMirror(mirror.url));
    const binary = findElectronBinary(project.dir);
    expect(binary.found).toBe(false);
    expect(binary.found ? '' : binary.reason).toMatch(
      new RegExp(`path\\.txt does not exist: Electron ${version.replace(/\./g, '\\.')}'s binary was never downloaded .*; the last download attempt \\(.+\\) failed: Response code 404 \\(Not Found\\) for `),
    );
  });
});

// A stand-in for Electron's release zip: an `electron` that notes where and with what it was started.
// Windows would need an .exe; the launcher's Windows path is the same code with another file name.
describe.skipIf(process.platform === 'win32')('npm start with a mirror that has the zip', () => {
  it("downloads and checks it with Electron's own installer, builds once and starts the binary on the app; npm run dev starts it on the dev server", async () => {
    const platformPath = process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
    const fakeElectron = Buffer.from('#!/bin/sh\nprintf "%s\\n" "$ELECTRON_RENDERER_URL" "$PWD" "$@" > "$FAKE_ELECTRON_RECORD"\n');
    const archive = zip([
      { name: platformPath, data: fakeElectron, mode: 0o755 },
      { name: 'version', data: Buffer.from(`v${version}`) },
    ]);
    const shasums = Buffer.from(`${createHash('sha256').update(archive).digest('hex')} *${ZIP_NAME}\n`);
    mirror = await startMirror({ [ZIP_PATH]: archive, [`/v${version}/SHASUMS256.txt`]: shasums });
    const record = join(project.dir, 'electron-started.txt');
    // The zip is not the real one, so its checksum comes from the mirror, not the package's checksums.json.
    const env = withMirror(mirror.url, { electron_use_remote_checksums: '1', FAKE_ELECTRON_RECORD: record });

    const first = await runNpm(project, ['start'], env);
    expect(first.output).not.toContain('cannot start');
    expect(first.code).toBe(0);
    expect(mirror.requests).toEqual([ZIP_PATH, `/v${version}/SHASUMS256.txt`]);
    expect(first.output.match(/building client environment/g)).toHaveLength(1);
    expect(existsSync(join(project.dir, 'out', 'renderer', 'index.html'))).toBe(true);
    expect(existsSync(join(project.dir, 'out', 'main', 'main.js'))).toBe(true);
    expect(readFileSync(record, 'utf8').split('\n').slice(0, 3)).toEqual(['', project.dir, project.dir]);
    expect(findElectronBinary(project.dir)).toEqual({ found: true, path: join(project.electronDir, 'dist', platformPath) });

    // Installed now: the next start asks the mirror nothing.
    const second = await runNpm(project, ['start'], env);
    expect(second.code).toBe(0);
    expect(mirror.requests).toHaveLength(2);

    // npm run dev: electron-vite's dev server, and the same binary started on the project with its URL.
    const dev = await runNpm(project, ['run', 'dev'], env);
    expect(dev.code).toBe(0);
    const [rendererUrl, cwd, entry] = readFileSync(record, 'utf8').split('\n');
    expect(rendererUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect([cwd, entry]).toEqual([project.dir, '.']);
    expect(dev.output).not.toContain('Electron uninstall');
  }, 120_000);
});
