import { z } from 'zod';
import { ruleMessage } from '../i18n/rule-message.ts';

/**
 * A profile's team journal (README, "The team journal"): the PostgreSQL database that every desktop of a team
 * records into, named by host, port, database and user. The password is not here: it goes to the
 * keychain, tied to exactly the target below (electron/platform/profiles/team-journal-password.ts), and
 * never crosses IPC back to the renderer.
 */

/** PostgreSQL cuts identifiers at 63 bytes (NAMEDATALEN - 1); a longer name would match another. */
const IDENTIFIER_BYTES = 63;
const CONTROL = /\p{Cc}/u;

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** A DNS name (letters, digits, hyphens; labels of at most 63) whose last label is not all digits, which would be a broken IP address. */
const DNS_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = z.ipv4();
const IPV6 = z.ipv6();

export function databaseHostProblem(host: string): string | null {
  if (host === '') return ruleMessage('rules.teamJournal.hostEmpty');
  if (IPV4.safeParse(host).success || IPV6.safeParse(host).success) return null;
  if (!DNS_NAME.test(host)) return ruleMessage('rules.teamJournal.hostForm');
  if (/^\d+$/.test(host.split('.').at(-1) ?? '')) return ruleMessage('rules.teamJournal.hostIncomplete');
  return null;
}

/** Lower case, no trailing dot, an IPv6 address without the brackets a URL would put around it. */
const databaseHost = z
  .string()
  .trim()
  .transform((host) => host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase())
  .superRefine((host, ctx) => {
    const problem = databaseHostProblem(host);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A database or user name as the server takes it: no control characters, no spaces around it, at most 63 bytes. */
const identifier = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}`)
    .refine((name) => utf8Bytes(name) <= IDENTIFIER_BYTES, `A ${what} is at most ${IDENTIFIER_BYTES} bytes (PostgreSQL cuts longer names)`)
    .refine((name) => !CONTROL.test(name), `A ${what} cannot hold control characters`);

/** An absolute path on Linux or macOS (/...), or on Windows (C:\... or \\server\share\...). Main checks that it is a readable PEM file. */
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\)/;

export const DEFAULT_POSTGRES_PORT = 5432;

export const teamJournalSettings = z
  .object({
    host: databaseHost,
    port: z.number().int(ruleMessage('rules.teamJournal.portWhole')).min(1, ruleMessage('rules.teamJournal.portRange')).max(65_535, ruleMessage('rules.teamJournal.portRange')),
    database: identifier('database name'),
    user: identifier('user name'),
    /** PEM certificates of the CA the server's certificate chains to, trusted beside the system's; null: the system's alone. */
    caFile: z
      .string()
      .trim()
      .max(4096)
      .refine((path) => ABSOLUTE_PATH.test(path), ruleMessage('rules.teamJournal.caPath'))
      .nullable(),
  })
  .strict();
export type TeamJournalSettings = z.infer<typeof teamJournalSettings>;

/** What the password may be typed as; PostgreSQL itself takes up to 1 kB. */
export const teamJournalPasswordInput = z.string().max(1024, ruleMessage('rules.teamJournal.passwordMax', { max: 1024 }));

/**
 * The one target a team journal password may be sent to: postgres://user@host:port/database, with
 * the user and the database percent-encoded so that no name can pass for another (a user "a@b").
 */
export function teamJournalTarget(settings: Pick<TeamJournalSettings, 'host' | 'port' | 'database' | 'user'>): string {
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return `postgres://${encodeURIComponent(settings.user)}@${host}:${settings.port}/${encodeURIComponent(settings.database)}`;
}

/**
 * What a team journal password is tied to: its target, and the CA file the server's certificate is
 * checked against, for a CA file decides which server may pass for that target (one that names
 * another authority lets a server with that authority's certificate take the password). So a new CA
 * file, like a new host, port, database or user, needs the password typed again. A target holds no
 * space (the names in it are percent-encoded), so no binding can pass for another.
 */
export function teamJournalBinding(settings: Pick<TeamJournalSettings, 'host' | 'port' | 'database' | 'user' | 'caFile'>): string {
  const target = teamJournalTarget(settings);
  return settings.caFile === null ? target : `${target} with the CA file ${settings.caFile}`;
}
