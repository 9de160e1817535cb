import { z } from 'zod';
import { ruleMessage } from '../i18n/rule-message.ts';
import { hasHiddenCharacters } from '../api/wire.ts';
import { receiverUrlInput } from './receiver-url.ts';
import { teamJournalPasswordInput, teamJournalSettings } from './team-journal-settings.ts';

/** What the renderer may know about a profile: never the key or the secret, only the key's last 4. */

export const PROFILE_KINDS = ['local-sandbox', 'sandbox', 'live'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

export const profileView = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  kind: z.enum(PROFILE_KINDS),
  /** Last 4 characters of the API key, or null when none is stored. */
  keyHint: z.string().max(4).nullable(),
  hasSecret: z.boolean(),
  /**
   * The base URL (scheme://host[:port]/path, as credentialAddressOf gives it) the stored key and
   * secret are tied to: main sends them there and nowhere else. Null when none are stored, and for
   * the local sandbox (tied to the app's own).
   */
  credentialsBaseUrl: z.string().nullable(),
  /** The team journal this profile records into; null: the journal on this desktop. */
  teamJournal: teamJournalSettings.nullable(),
  /**
   * The target (postgres://user@host:port/database) the stored team journal password is tied to;
   * null when none is stored. Never the password.
   */
  teamJournalPasswordFor: z.string().nullable(),
  /** The merchant (business) the profile is for, as the person typed it; printed on dispute reports. Null: none set. */
  merchantName: z.string().nullable(),
  /**
   * Where the merchant's callback receiver serves the profile's events (docs/receiver.md), as
   * receiverAddressOf gives it; null: none (outcomes cannot be read). Always null for the local
   * sandbox, which runs a receiver of its own.
   */
  receiverUrl: z.string().nullable(),
  /**
   * The receiver URL the stored key and secret are tied to: reads are signed for it and nowhere
   * else. Null when none is (or no key and secret are stored).
   */
  credentialsReceiverUrl: z.string().nullable(),
});
export type ProfileView = z.infer<typeof profileView>;

/** Presets offered when adding a profile (docs/service-interface.md, "Hosts"). The base URL stays editable. */
export const BASE_URL_PRESETS = [
  { label: 'Production', baseUrl: 'https://app.cryptoprocessing.com/api/v2' },
  { label: 'Service sandbox', baseUrl: 'https://app.sandbox.cryptoprocessing.com/api/v2' },
] as const;

/**
 * The origin of a service base URL: scheme://host[:port], lowercase, the default port left out
 * (WHATWG URL). Credentials belong to one origin; null when the text is not an address, or its
 * scheme has no web origin (a page's custom scheme is electron/shell/origin.ts's pageOriginOf).
 */
export function baseUrlOriginOf(text: string): string | null {
  if (!URL.canParse(text)) return null;
  const { origin } = new URL(text);
  return origin === 'null' ? null : origin;
}

/**
 * The one address a profile's key and secret are tied to: scheme://host[:port] and the path, the
 * trailing slashes left out (WHATWG URL: host lowercase, default port and dot segments gone). The
 * path is part of it because requests are sent below it: another path on the same host can be
 * another merchant's proxy, or a page that logs what it is sent. Null when the text is not an
 * address, or has a query or a fragment (baseUrlProblem refuses those).
 */
export function credentialAddressOf(text: string): string | null {
  const origin = baseUrlOriginOf(text);
  if (origin === null || /[?#]/.test(text)) return null;
  return `${origin}${new URL(text).pathname.replace(/\/+$/, '')}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A base URL must be https, unless its host is loopback (the local sandbox), and has no query or
 * fragment: request paths are appended to it as text, so "?" or "#" would move every request (and
 * its signature) somewhere the key was not entered for.
 */
export function baseUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return ruleMessage('rules.profile.baseUrlWhole');
  }
  if (/[?#]/.test(text)) return ruleMessage('rules.profile.baseUrlQuery');
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  return ruleMessage('rules.profile.baseUrlHttps');
}

export const baseUrlInput = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = baseUrlProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => text.replace(/\/+$/, ''));

/**
 * The merchant name a person types for a profile ("Acme GmbH"): the service has no endpoint that
 * names the merchant, and finance staff attach dispute reports that must say whose they are.
 * Printed as it is, so it must read as it is; empty (or only spaces) means none.
 */
export const merchantNameInput = z
  .string()
  .trim()
  .max(200, ruleMessage('rules.profile.merchantNameMax'))
  .refine((text) => !hasHiddenCharacters(text), ruleMessage('rules.profile.merchantNameHidden'))
  .transform((text): string | null => (text === '' ? null : text));

export const profileSaveRequest = z
  .object({
    /** Absent to add a profile; present to edit one. */
    id: z.string().min(1).optional(),
    name: z
      .string()
      .trim()
      .min(1, ruleMessage('rules.profile.name'))
      .max(80, ruleMessage('rules.profile.nameMax'))
      // Shown in main's confirmation of live actions: it must read as it is.
      .refine((text) => !hasHiddenCharacters(text), ruleMessage('rules.profile.nameHidden')),
    /** Absent when editing: keep the stored one; empty or null: none. */
    merchantName: merchantNameInput.nullable().optional(),
    baseUrl: baseUrlInput,
    /**
     * The merchant's callback receiver (docs/receiver.md). Absent when editing: keep the stored one;
     * empty or null: none. A new one needs the key and secret typed again, as a new base URL does.
     */
    receiverUrl: receiverUrlInput.nullable().optional(),
    /** Absent or empty when editing means "keep the stored one". */
    apiKey: z.string().trim().max(512).optional(),
    secret: z.string().max(1024).optional(),
    /** Absent: keep the profile's team journal as it is; null: record on this desktop only. */
    teamJournal: teamJournalSettings.nullable().optional(),
    /** Write-only, like the secret: absent or empty keeps the stored one while the target stays the same. */
    teamJournalPassword: teamJournalPasswordInput.optional(),
  })
  .strict();
export type ProfileSaveRequest = z.infer<typeof profileSaveRequest>;

export const profileList = z.object({ profiles: z.array(profileView), activeId: z.string().nullable() });
export type ProfileList = z.infer<typeof profileList>;

export const connectionTest = z.object({
  ok: z.boolean(),
  /** A plain-words explanation: "Connected", "The API key is not known to the service", ... */
  summary: z.string(),
  latencyMs: z.number().nullable(),
});
export type ConnectionTest = z.infer<typeof connectionTest>;

/**
 * "Test connection" of a team journal, on the form's values before they are saved. Without a
 * password, the one stored for `profileId` is used, if it is tied to the same target.
 */
export const teamJournalTestRequest = z
  .object({
    profileId: z.string().min(1).optional(),
    teamJournal: teamJournalSettings,
    teamJournalPassword: teamJournalPasswordInput.optional(),
  })
  .strict();
export type TeamJournalTestRequest = z.infer<typeof teamJournalTestRequest>;

export const teamJournalTest = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** The server's own words, from SELECT version(). */
    serverVersion: z.string(),
    /** The journal's schema version in that database; null when its tables are not made yet (the first desktop to join makes them). */
    schemaVersion: z.number().int().nullable(),
    /** The database was upgraded by a newer version of the app: this one may read it, not write. */
    readOnly: z.boolean(),
    message: z.string(),
  }),
  /** What failed and what to check, in plain words. */
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type TeamJournalTest = z.infer<typeof teamJournalTest>;
