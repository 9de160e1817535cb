import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { trustedContext } from '../api/network/trust.ts';
import { makeTestTls } from '../journal/testing/self-signed-tls.ts';
import { isLoopbackDatabaseHost, teamPoolConfig } from './index.ts';

// How the console connects to a team journal; the connections themselves are tested against the
// real server in team-connection.pg.test.ts.

let folder: string;
let caFile: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mc-pool-config-'));
  caFile = (await makeTestTls(folder)).caFile;
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const settings = (value: Record<string, unknown>) => teamJournalSettings.parse({ port: 5432, database: 'finance', user: 'console', caFile: null, ...value });

describe('the team journal pool options', () => {
  it.each(['localhost', '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is this computer: no TLS is asked for without a CA file', (host) => {
    expect(isLoopbackDatabaseHost(host)).toBe(true);
    expect(teamPoolConfig(settings({ host }), 'pw').ssl).toBe(false);
  });

  it.each(['db.example.com', '10.0.0.5', '128.0.0.1', '::2', 'localhost.example.com', '0.0.0.0'])('%s is not: TLS is required and verified against the system store', (host) => {
    expect(isLoopbackDatabaseHost(host)).toBe(false);
    // The very context the service's https uses: Node's roots plus the OS store (api/network/trust.ts).
    expect(teamPoolConfig(settings({ host }), 'pw').ssl).toEqual({ rejectUnauthorized: true, secureContext: trustedContext() });
  });

  it('a CA file means verify, on this computer too, against a context of the system roots plus that CA', () => {
    for (const host of ['127.0.0.1', 'db.example.com']) {
      const ssl = teamPoolConfig(settings({ host, caFile }), 'pw').ssl;
      const { rejectUnauthorized, secureContext } = ssl as { rejectUnauthorized: boolean; secureContext: tls.SecureContext };
      expect(rejectUnauthorized).toBe(true);
      expect(secureContext.context).toBeDefined();
      expect(secureContext).not.toBe(trustedContext());
    }
  });

  it('gives every connection parameter itself (none from PG* variables), a connect timeout, statement timeouts and the app name', () => {
    const config = teamPoolConfig(settings({ host: 'db.example.com' }), 'the-password');
    expect(config).toMatchObject({
      host: 'db.example.com',
      port: 5432,
      database: 'finance',
      user: 'console',
      password: 'the-password',
      application_name: 'Merchant Console',
      connectionTimeoutMillis: 5_000,
      statement_timeout: 10_000,
      query_timeout: 15_000,
    });
  });

  it('a CA file that went missing or bad since it was saved is a configuration failure naming it', async () => {
    const gone = join(folder, 'gone.pem');
    expect(() => teamPoolConfig(settings({ host: 'db.example.com', caFile: gone }), 'pw')).toThrow(
      expect.objectContaining({ error: { kind: 'configuration', message: `The team journal's CA file ${gone} could not be read as a PEM certificate. Edit the profile's team journal.` } }),
    );
    // The same words for a file that is there but no CA file, and for a folder: "Test connection" takes any path from the renderer.
    const text = join(folder, 'text.pem');
    await writeFile(text, 'not a certificate');
    for (const path of [text, folder]) {
      expect(() => teamPoolConfig(settings({ host: 'db.example.com', caFile: path }), 'pw')).toThrow(
        expect.objectContaining({ error: { kind: 'configuration', message: `The team journal's CA file ${path} could not be read as a PEM certificate. Edit the profile's team journal.` } }),
      );
    }
  });
});
