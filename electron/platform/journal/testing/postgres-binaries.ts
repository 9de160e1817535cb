import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Where the PostgreSQL server's programs are, and how to run them. Tests only: the app never starts
 * a server, it connects to the team's.
 *
 * Debian's `postgresql` package keeps initdb, pg_ctl and postgres out of PATH, under
 * /usr/lib/postgresql/<major>/bin; other systems put them on PATH. initdb and postgres refuse to run
 * as root (a server owned by root could be turned against the machine), so as root every program
 * runs as the `postgres` OS user, which that package creates.
 */

const run = promisify(execFile);

/** The programs the test server needs. */
const PROGRAMS = ['initdb', 'pg_ctl', 'postgres'] as const;

/** Set to a folder holding initdb, pg_ctl and postgres to use those instead of the ones found. */
export const BIN_ENV = 'MC_POSTGRES_BIN';

export class PostgresUnavailable extends Error {
  override name = 'PostgresUnavailable';
}

const hasPrograms = (folder: string): boolean => PROGRAMS.every((program) => existsSync(join(folder, program)));

/** The newest major version first: /usr/lib/postgresql/17/bin before .../15/bin. */
function debianFolders(root = '/usr/lib/postgresql'): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(root, major, 'bin'));
}

/** The folder holding initdb, pg_ctl and postgres; throws PostgresUnavailable naming where it looked. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env, debianRoot?: string): string {
  const chosen = env[BIN_ENV];
  if (chosen) {
    if (hasPrograms(chosen)) return chosen;
    throw new PostgresUnavailable(`${BIN_ENV}=${chosen} does not hold ${PROGRAMS.join(', ')}.`);
  }
  const candidates = [...debianFolders(debianRoot), ...(env.PATH ?? '').split(delimiter).filter(Boolean)];
  const found = candidates.find(hasPrograms);
  if (found) return found;
  throw new PostgresUnavailable(
    `PostgreSQL's server programs (${PROGRAMS.join(', ')}) were not found in /usr/lib/postgresql/*/bin or on PATH. ` +
      `Install Debian's postgresql package (bash .ci/run does), or set ${BIN_ENV} to the folder that holds them.`,
  );
}

/** Who runs the server: this process's user, or `postgres` when this process is root. */
export type ServerUser = { name: string; uid: number; gid: number } | null;

export async function serverUser(): Promise<ServerUser> {
  if (process.getuid?.() !== 0) return null;
  try {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { name: 'postgres', uid: Number(uid.trim()), gid: Number(gid.trim()) };
  } catch {
    throw new PostgresUnavailable(
      'This runs as root, and PostgreSQL refuses to: its server must run as the `postgres` OS user, which does not exist here. Install Debian\'s postgresql package (it creates that user), or run the tests as another user.',
    );
  }
}

/**
 * Runs one of the server's programs, as `user` when given, bounded by `timeoutMs`. A failure names
 * the program and carries its own words (stderr), which say what went wrong better than we could.
 */
export async function runProgram(bin: string, program: string, args: readonly string[], user: ServerUser, timeoutMs: number): Promise<string> {
  const file = join(bin, program);
  const [command, commandArgs] = user ? ['runuser', ['-u', user.name, '--', file, ...args]] : [file, [...args]];
  try {
    const { stdout } = await run(command, commandArgs, { timeout: timeoutMs, killSignal: 'SIGKILL' });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; killed?: boolean; message: string };
    const why = failed.killed ? `it did not finish within ${timeoutMs / 1000} s` : failed.stderr?.trim() || failed.stdout?.trim() || failed.message;
    throw new PostgresUnavailable(`${program} failed: ${why}`, { cause: error });
  }
}
