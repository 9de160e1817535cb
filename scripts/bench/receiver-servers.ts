import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startPostgresServer } from '../../electron/platform/journal/testing/postgres-server.ts';
import type { PostgresServer } from '../../electron/platform/journal/testing/postgres-server.ts';
import { createTeamDatabase } from '../../electron/platform/journal/testing/team-database.ts';

/**
 * The servers the receiver bench drives, each a process of its own as in production, so that the
 * bench's clients do not share its event loop: the bare HMAC handler (bare-callback-server.ts) and
 * `npm run receiver` itself (electron/outcomes/receiver/cli.ts) on a SQLite file or on PostgreSQL.
 * The receiver's JSON log lines go to a file, as they would to a log collector.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const RECEIVER_CLI = join(ROOT, 'electron/outcomes/receiver/cli.ts');
const BARE = join(import.meta.dirname, 'bare-callback-server.ts');

export type BenchMerchant = { key: string; secret: string };
export type RunningServer = { url: string; name: string; stop(): Promise<void> };
export type StoreName = 'SQLite' | 'PostgreSQL';

async function listeningUrl(child: ChildProcess, logFile: string): Promise<string> {
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`exited (${code}) before listening:\n${readFileSync(logFile, 'utf8').slice(-2000)}`))));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = /"msg":"listening".*?"url":"([^"]+)"/.exec(readFileSync(logFile, 'utf8'))?.[1];
    if (url !== undefined) return url;
    if (Date.now() > deadline) throw new Error(`not listening after 30 s:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    await Promise.race([new Promise((r) => setTimeout(r, 50)), exited]);
  }
}

async function spawnServer(name: string, args: string[], env: NodeJS.ProcessEnv, folder: string, stdin?: string): Promise<RunningServer> {
  const logFile = join(folder, `${name.replace(/\W+/g, '-')}.log`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { env, stdio: ['pipe', out, out] });
  closeSync(out);
  child.stdin?.end(stdin ?? '');
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    const url = await listeningUrl(child, logFile);
    return {
      url,
      name,
      stop: async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await gone;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${name} ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export function startBareServer(merchant: BenchMerchant, folder: string): Promise<RunningServer> {
  return spawnServer('bare node:http + HMAC', [BARE], { PATH: process.env.PATH ?? '' }, folder, merchant.secret);
}

/**
 * Where a bench receiver stores: a fresh SQLite file, or a fresh database on the bench's own
 * PostgreSQL server. That server is the tests' (fsync off, for speed); here fsync and full page
 * writes are turned back on, so that a commit waits for the disk as on a real database host.
 */
export type BenchStores = { storeFor(name: StoreName): Promise<{ spec: string; env: NodeJS.ProcessEnv } | { unavailable: string }>; close(): Promise<void> };

export function benchStores(folder: string): BenchStores {
  let server: Promise<PostgresServer> | null = null;
  let count = 0;
  const drops: Array<() => Promise<void>> = [];
  return {
    async storeFor(name) {
      count += 1;
      if (name === 'SQLite') return { spec: `sqlite:${join(folder, `events-${count}.sqlite`)}`, env: {} };
      try {
        server ??= startPostgresServer().then(async (started) => {
          const admin = new pg.Client({ host: started.host, port: started.port, user: started.admin.user, password: started.admin.password, database: 'postgres' });
          await admin.connect();
          try {
            await admin.query('ALTER SYSTEM SET fsync = on');
            await admin.query('ALTER SYSTEM SET full_page_writes = on');
            await admin.query('SELECT pg_catalog.pg_reload_conf()');
          } finally {
            await admin.end();
          }
          return started;
        });
        const address = await server;
        const team = await createTeamDatabase(address, `receiver_bench_${count}`);
        drops.push(() => team.drop());
        return { spec: `postgres://${team.user}@${team.host}:${team.port}/${team.database}`, env: { PGPASSWORD: team.password } };
      } catch (error) {
        return { unavailable: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {
      for (const drop of drops.splice(0)) await drop().catch(() => undefined);
      if (server) await (await server.catch(() => null))?.dispose();
    },
  };
}

export async function startBenchReceiver(store: { spec: string; env: NodeJS.ProcessEnv }, merchant: BenchMerchant, name: StoreName, folder: string): Promise<RunningServer> {
  const merchants = join(folder, 'merchants.json');
  writeFileSync(merchants, JSON.stringify([merchant]), { mode: 0o600 });
  return spawnServer(
    `receiver on ${name}`,
    [RECEIVER_CLI, '--port', '0', '--merchants', merchants, '--store', store.spec],
    { PATH: process.env.PATH ?? '', ...store.env },
    folder,
  );
}

export function benchFolder(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'merchant-console-receiver-bench-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
