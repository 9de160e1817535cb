import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgresBin, PostgresUnavailable, runProgram, serverUser } from './postgres-binaries.ts';
import type { ServerUser } from './postgres-binaries.ts';
import { freePort } from '../../testing/free-port.ts';
import { makeTestTls } from './self-signed-tls.ts';
import type { TestTls } from './self-signed-tls.ts';

/**
 * A real PostgreSQL server for the team journal's tests, in a temporary folder of its own: initdb, a
 * free port on 127.0.0.1 and a unix socket in that folder, a superuser with a password, TLS when
 * asked. `dispose` stops it and removes the folder. Nothing is assumed to run beforehand, so the
 * tests pass on a fresh machine where `.ci/run` has just installed Debian's postgresql package.
 */

/** What a client needs to reach the server: plain data, so vitest can hand it to every test file. */
export type PostgresAddress = {
  host: '127.0.0.1';
  port: number;
  /** The folder of its unix socket (connect with host = this folder). */
  socketDir: string;
  /** A superuser, for creating databases and roles; the team journal itself never uses one. */
  admin: { user: string; password: string };
  /** The CA the server's certificate chains to, when TLS is on; plain connections are still accepted. */
  tls: Pick<TestTls, 'caFile' | 'ca'> | null;
};

export type PostgresServer = PostgresAddress & {
  /** Stops the server and keeps its data: `immediate` is a crash (no checkpoint), as when a database host dies. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  dispose(): Promise<void>;
};

export type PostgresServerOptions = { tls?: boolean };

const ADMIN = 'mc_admin';
const INITDB_TIMEOUT_MS = 90_000;
/** pg_ctl's own wait (-t), and a little more for the process itself. */
const PG_CTL_WAIT_S = 30;
const PG_CTL_TIMEOUT_MS = (PG_CTL_WAIT_S + 15) * 1000;
const PORT_TRIES = 3;

/** The server's settings, appended to the postgresql.conf initdb wrote. */
function settings(root: string, tls: TestTls | null): string {
  const lines = [
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${root}'`,
    // A test server: the data is thrown away, so the disk need not be told. synchronous_commit stays
    // on: a commit must be in the WAL before its caller hears of it, or a test that crashes the
    // server mid-submission would lose what the journal had committed.
    'fsync = off',
    'full_page_writes = off',
    'shared_buffers = 16MB',
    ...(tls ? ['ssl = on', `ssl_cert_file = '${tls.certFile}'`, `ssl_key_file = '${tls.keyFile}'`] : []),
  ];
  return `\n# Merchant Console test server\n${lines.join('\n')}\n`;
}

/** The server's files belong to the user it runs as; its key is that user's alone, or postgres refuses it. */
function handOver(paths: readonly string[], user: ServerUser): void {
  for (const path of paths) if (user) chownSync(path, user.uid, user.gid);
}

function logTail(logFile: string): string {
  if (!existsSync(logFile)) return '';
  return readFileSync(logFile, 'utf8').trim().split('\n').slice(-8).join('\n');
}

export async function startPostgresServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const user = await serverUser();
  const root = mkdtempSync(join(tmpdir(), 'mc-postgres-'));
  const data = join(root, 'data');
  const logFile = join(root, 'server.log');
  const pgCtl = (args: readonly string[]) => runProgram(bin, 'pg_ctl', ['-D', data, ...args], user, PG_CTL_TIMEOUT_MS);
  let port = 0;
  let running = false;

  const start = async (): Promise<void> => {
    try {
      await pgCtl(['-l', logFile, '-w', '-t', String(PG_CTL_WAIT_S), '-o', `-p ${port}`, 'start']);
      running = true;
    } catch (error) {
      throw new PostgresUnavailable(`${(error as Error).message}\nThe server's log ends with:\n${logTail(logFile)}`, { cause: error });
    }
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast'): Promise<void> => {
    await pgCtl(['-m', mode, '-w', '-t', String(PG_CTL_WAIT_S), 'stop']);
    running = false;
  };
  // A run that ends without its teardown (a crash of the test runner) must not leave a server behind.
  const stopOnExit = () => {
    if (running) spawnSync(user ? 'runuser' : join(bin, 'pg_ctl'), [...(user ? ['-u', user.name, '--', join(bin, 'pg_ctl')] : []), '-D', data, '-m', 'immediate', 'stop'], { timeout: 10_000 });
    rmSync(root, { recursive: true, force: true });
  };
  const dispose = async (): Promise<void> => {
    process.removeListener('exit', stopOnExit);
    try {
      if (running) await stop('fast');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  process.once('exit', stopOnExit);

  try {
    const password = randomBytes(18).toString('base64url');
    const passwordFile = join(root, 'admin-password');
    writeFileSync(passwordFile, password, { mode: 0o600 });
    handOver([root, passwordFile], user);
    await runProgram(
      bin,
      'initdb',
      ['-D', data, '-U', ADMIN, `--pwfile=${passwordFile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync'],
      user,
      INITDB_TIMEOUT_MS,
    );
    rmSync(passwordFile);
    let tls: TestTls | null = null;
    if (options.tls) {
      const folder = join(root, 'tls');
      mkdirSync(folder);
      tls = await makeTestTls(folder);
      chmodSync(tls.keyFile, 0o600);
      handOver([folder, tls.certFile, tls.keyFile], user);
    }
    appendFileSync(join(data, 'postgresql.conf'), settings(root, tls));
    // Between finding a free port and the server binding it, another process may take it: then try another.
    for (let attempt = 1; !running; attempt += 1) {
      port = await freePort();
      try {
        await start();
      } catch (error) {
        if (attempt >= PORT_TRIES || !/could not bind|address already in use/i.test(logTail(logFile))) throw error;
      }
    }
    return { host: '127.0.0.1', port, socketDir: root, admin: { user: ADMIN, password }, tls: tls && { caFile: tls.caFile, ca: tls.ca }, stop, start, dispose };
  } catch (error) {
    await dispose().catch(() => {});
    throw error;
  }
}
