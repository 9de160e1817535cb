import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { electronPackage, missingBinaryFacts, ROOT } from './package.ts';
import { lastDownloadFailure } from './download-record.ts';

/**
 * Where the Electron binary is, asked of the electron package itself: its index.js (what
 * `require('electron')` returns) knows path.txt, dist/ and ELECTRON_OVERRIDE_DIST_PATH. Asked in a
 * child process, because index.js starts a download when the binary is missing; the child's
 * downloads go to a mirror that refuses at once (port 0 on loopback), so the question never waits
 * on the network and never fetches anything. When the answer is "missing", the reason says what is
 * missing and, when npm ci or npm start tried, why their download failed.
 */

export type ElectronBinary = { found: true; path: string } | { found: false; reason: string };

// Everything @electron/get reads for a mirror (artifact-utils.js, mirrorVar): npm config, package
// config and the environment; all are dropped so that the refusing mirror below is the one used.
const MIRROR_VARIABLE = /^(npm_config_electron_|npm_package_config_electron_|electron_(mirror|nightly_mirror|custom_dir|custom_filename|custom_version)$|electron_get_use_proxy$)/i;
const REFUSING_MIRROR = 'http://127.0.0.1:0/';
const ANSWER_MARK = 'electron-binary:';

// Runs in the child: the package's own answer, on a line of its own (index.js may print before it).
const PROBE = `process.stdout.write('\\n${ANSWER_MARK}' + JSON.stringify(require(process.argv[1])) + '\\n')`;

function probeEnvironment(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !MIRROR_VARIABLE.test(name)));
  return { ...env, ELECTRON_MIRROR: REFUSING_MIRROR };
}

/** The electron package's answer, or null when it could not give one (its binary is missing). */
function askPackage(packageDir: string): string | null {
  try {
    const output = execFileSync(process.execPath, ['-e', PROBE, packageDir], {
      env: probeEnvironment(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    const answer = output.split('\n').find((line) => line.startsWith(ANSWER_MARK));
    return answer ? (JSON.parse(answer.slice(ANSWER_MARK.length)) as string) : null;
  } catch {
    return null;
  }
}

export function findElectronBinary(root: string = ROOT): ElectronBinary {
  const pkg = electronPackage(root);
  if (!pkg) return { found: false, reason: 'the electron package is not installed (run npm ci)' };
  const answer = askPackage(pkg.dir);
  if (answer && existsSync(answer)) return { found: true, path: answer };
  // ELECTRON_OVERRIDE_DIST_PATH makes index.js answer without looking: say which path was named.
  const facts = answer ? `${answer} does not exist (ELECTRON_OVERRIDE_DIST_PATH names it)` : missingBinaryFacts(pkg);
  const failure = lastDownloadFailure(pkg);
  return { found: false, reason: failure ? `${facts}; the last download attempt (${failure.at}) failed: ${failure.cause}` : facts };
}
