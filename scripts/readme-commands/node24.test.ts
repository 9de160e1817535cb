import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ROOT } from '../../e2e/harness/build.ts';

// README: "If your machine has an older Node, run `source scripts/node24.sh` first: it installs Node 24
// from the npm registry into your cache folder and puts it on PATH for that shell." Sourced for real
// in bash, on a machine whose `node` is an older one: a stub first on PATH that answers as Node 20.
// The cache folder is a temp one, seeded (a symlink) with this machine's copy of the version the
// script pins, so that no download is needed; the script finds it there as after its own download.

const VERSION = /NODE24_VERSION:-([\d.]+)/.exec(readFileSync(join(ROOT, 'scripts/node24.sh'), 'utf8'))?.[1] ?? 'not found in scripts/node24.sh';
const SHELL_PATH = '/usr/bin:/bin';

let home: string;
let stubs: string;
let cache: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'merchant-console-node24-'));
  stubs = join(home, 'old-node');
  cache = join(home, 'cache');
  mkdirSync(stubs);
  // What node24.sh asks of `node`: its major version (node -p ...) and its --version.
  writeFileSync(join(stubs, 'node'), '#!/bin/sh\nif [ "$1" = "-p" ]; then echo 20; else echo v20.19.0; fi\n');
  chmodSync(join(stubs, 'node'), 0o755);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** `source scripts/node24.sh` in a fresh bash, then `after`; what it printed. */
function sourceNode24(path: string, after = ''): string {
  return execFileSync('bash', ['-c', `source scripts/node24.sh && ${after || 'true'}`], {
    cwd: ROOT,
    env: { HOME: home, PATH: path, XDG_CACHE_HOME: cache },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

/** This machine's install of the pinned Node: the user's cache, or the Node running this test. */
function pinnedNodeHome(): string {
  const cached = join(homedir(), '.cache', 'merchant-console', `node-v${VERSION}`);
  if (existsSync(join(cached, 'bin', 'node'))) return cached;
  if (process.versions.node === VERSION) return dirname(dirname(process.execPath));
  throw new Error(`Node ${VERSION} (scripts/node24.sh) is neither in ${cached} nor running this test: run \`source scripts/node24.sh\` once`);
}

function seedCache(): string {
  const installed = join(cache, 'merchant-console', `node-v${VERSION}`);
  mkdirSync(dirname(installed), { recursive: true });
  symlinkSync(pinnedNodeHome(), installed);
  return installed;
}

it('with an older node first on PATH, puts the cached Node 24 first on PATH and npm_config_nodedir on it', () => {
  const installed = seedCache();
  const printed = sourceNode24(`${stubs}:${SHELL_PATH}`, 'echo "node=$(command -v node) version=$(node --version) nodedir=$npm_config_nodedir"');
  expect(printed).toContain(`Using node v${VERSION} at ${installed}/bin/node`);
  expect(printed).toContain(`node=${installed}/bin/node version=v${VERSION} nodedir=${installed}`);
  expect(printed).not.toContain('Installing Node');
  expect(VERSION.split('.')[0]).toBe('24');
});

it('keeps a Node 24 already on PATH and neither installs nor changes PATH', () => {
  const ownBin = join(pinnedNodeHome(), 'bin');
  const printed = sourceNode24(`${ownBin}:${stubs}:${SHELL_PATH}`, 'echo "path=$PATH nodedir=${npm_config_nodedir:-none}"');
  expect(printed).toContain(`Using node v${VERSION} at ${ownBin}/node`);
  expect(printed).toContain(`path=${ownBin}:${stubs}:${SHELL_PATH} nodedir=none`);
  expect(printed).not.toContain('Installing Node');
});

it('proves the stub is taken for an older node: without node24.sh the shell runs Node 20', () => {
  const printed = execFileSync('bash', ['-c', 'node --version'], { env: { PATH: `${stubs}:${SHELL_PATH}` }, encoding: 'utf8' });
  expect(printed.trim()).toBe('v20.19.0');
});
