import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './postgres-server.ts';
import type { PostgresAddress, PostgresServer } from './postgres-server.ts';

/**
 * vitest's globalSetup of the `postgres` project (vitest.config.ts): one server for the whole run,
 * started only when the run includes a test of that project, shared by its files (each makes its
 * own database: team-database.ts). A machine without PostgreSQL does not stop the run: every file
 * that needs the server fails with the reason, and the other tests run as usual.
 */

export type SharedPostgres = { address: PostgresAddress } | { unavailable: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: SharedPostgres;
  }
}

let server: PostgresServer | null = null;

export async function setup(project: TestProject): Promise<void> {
  try {
    // TLS on (plain connections are still accepted): the team journal's TLS rules are tested against it.
    server = await startPostgresServer({ tls: true });
    const { host, port, socketDir, admin, tls } = server;
    project.provide('postgres', { address: { host, port, socketDir, admin, tls } });
  } catch (error) {
    project.provide('postgres', { unavailable: error instanceof Error ? error.message : String(error) });
  }
}

export async function teardown(): Promise<void> {
  await server?.dispose();
  server = null;
}
