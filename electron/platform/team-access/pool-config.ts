import { BlockList, isIP } from 'node:net';
import type pg from 'pg';
import type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { trustedContext, trustedContextWith } from '../api/index.ts';
import { JOURNAL_SEARCH_PATH_OPTION } from '../journal/index.ts';
import { readCaFile } from './ca-file.ts';

/**
 * How the console connects to a team journal (docs/security.md, "The team journal trusts no one"): TLS is required, and the server's
 * certificate verified against the system's trust store (the same roots as the service's https:
 * api/network/trust.ts) and the CA file the person named, unless the server runs on this computer.
 *
 * node-postgres and TLS: an `ssl` object is handed to Node's tls.connect as it is (pg/lib/connection.js
 * upgradeToSSL), after the server said yes to the SSLRequest; a server that says no fails the
 * connection ("The server does not support SSL connections"), so nothing is sent in clear. pg's
 * `sslmode` words (require, verify-full, no-verify) only mean something in a connection string or
 * PGSSLMODE, which is read only when `ssl` is left undefined: it is never left so here, so no
 * environment variable can turn verification off. pg sets `servername` itself for a DNS name and
 * leaves it unset for an IP address (RFC 6066 forbids an IP in SNI); Node then checks the
 * certificate against the host.
 */

const CONNECT_TIMEOUT_MS = 5_000;
/** Server side: a statement that runs longer is cancelled by the server (a lock held elsewhere, a slow disk). */
const STATEMENT_TIMEOUT_MS = 10_000;
/** Client side: a query whose answer never comes (a network that died without a word) fails instead of hanging a submission. */
const QUERY_TIMEOUT_MS = 15_000;
const IDLE_TIMEOUT_MS = 30_000;
/** One desktop's calls are few; a small pool keeps the team server's connection slots for the others. */
const MAX_CONNECTIONS = 4;
export const APPLICATION_NAME = 'Merchant Console';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * This computer, by its own name for itself: localhost, 127.0.0.0/8 or ::1 (an IPv4-mapped
 * ::ffff:127.x too). Decided on the text alone: another name that happens to resolve to 127.0.0.1
 * today may resolve elsewhere tomorrow, so it gets TLS like any remote host.
 */
export function isLoopbackDatabaseHost(host: string): boolean {
  if (host === 'localhost') return true;
  const family = isIP(host);
  if (family === 4) return LOOPBACK.check(host, 'ipv4');
  if (family === 6) return LOOPBACK.check(host, 'ipv6');
  return false;
}

/** host:port/database, as messages and logs name a team journal; never the user or the password. */
export const teamJournalPlace = (settings: Pick<TeamJournalSettings, 'host' | 'port' | 'database'>): string =>
  `${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${settings.port}/${settings.database}`;

/**
 * TLS: off only for this computer without a CA file (a CA file named means: verify it, wherever the
 * server is); otherwise verified against the system's roots, plus the CA file's.
 */
function tlsOptions(settings: TeamJournalSettings): pg.PoolConfig['ssl'] {
  if (settings.caFile === null && isLoopbackDatabaseHost(settings.host)) return false;
  const secureContext = settings.caFile === null ? trustedContext() : trustedContextWith(readCaFile(settings.caFile));
  return { rejectUnauthorized: true, secureContext };
}

/** Tests only: a shorter wait for a server that never answers. */
export type PoolTuning = { connectTimeoutMs?: number };

/**
 * The pool's options. Every connection parameter is given, so none comes from PG* environment
 * variables or a .pgpass file. Throws a configuration failure when the CA file cannot be read.
 */
export function teamPoolConfig(settings: TeamJournalSettings, password: string, tuning: PoolTuning = {}): pg.PoolConfig {
  return {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password,
    ssl: tlsOptions(settings),
    application_name: APPLICATION_NAME,
    // Pinned for every connection: nothing a member creates elsewhere can stand in for the journal's tables (schema-safety.ts).
    options: JOURNAL_SEARCH_PATH_OPTION,
    connectionTimeoutMillis: tuning.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    max: MAX_CONNECTIONS,
    keepAlive: true,
  };
}
