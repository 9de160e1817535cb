import { execFileSync, spawnSync } from 'node:child_process';
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

// README, quick start: `source scripts/node24.sh` comes before `npm ci`, so that a newcomer whose
// node is older gets Node 24 before the first install.
it('puts `source scripts/node24.sh` in the quick start, before npm ci', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const quickStart = /^## Quick start\n[\s\S]*?```sh\n([\s\S]*?)```/m.exec(readme)?.[1] ?? 'no "## Quick start" with a sh block in README.md';
  const commands = quickStart.split('\n').map((line) => line.replace(/#.*/, '').trim()).filter(Boolean);
  expect(commands[0]).toBe('source scripts/node24.sh');
  expect(commands.indexOf('npm ci && npm start')).toBeGreaterThan(0);
});

// `npm ci` on an older Node: its postinstall says in one line that Node 24 is needed and how to get
// it, with no stack trace. npm ci itself would reinstall node_modules, so the postinstall is run as
// npm runs it (`npm run postinstall`), under a `node` that reports itself as Node 20: this machine's
// Node with process.versions.node set to 20.19.0 before anything runs (what the script reads).
it('on Node 20, the postinstall says in one line that Node 24 is needed and how to get it', () => {
  const fake = join(home, 'as-node20.cjs');
  writeFileSync(fake, "Object.defineProperty(process.versions, 'node', { value: '20.19.0' });\n");
  writeFileSync(join(stubs, 'node'), `#!/bin/sh\nexec '${process.execPath}' --require '${fake}' "$@"\n`);
  const run = spawnSync('bash', ['-c', 'npm run --silent postinstall 2>&1'], {
    cwd: ROOT,
    env: { HOME: home, PATH: `${stubs}:${dirname(process.execPath)}:${SHELL_PATH}`, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const output = run.stdout;
  const status = run.status;
  expect(output.trim()).toBe('Merchant Console needs Node 24 (this is Node 20.19.0): run `source scripts/node24.sh`, then `npm ci` again.');
  expect(status).toBe(1);
});
