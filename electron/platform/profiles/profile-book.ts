import { randomBytes, randomUUID } from 'node:crypto';
import type { Wording } from '../../../shared/i18n/index.ts';
import { worded } from '../../../shared/ipc/errors.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';
import type { ProfileSaveRequest } from '../../../shared/ipc/profile.ts';
import { teamJournalBinding } from '../../../shared/ipc/team-journal-settings.ts';
import type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { createCredentialVault } from './bound-credentials.ts';
import { refused, refusedFields } from './field-refusal.ts';
import type { FieldRule } from './field-refusal.ts';
import type { BoundCredentials } from './bound-credentials.ts';
import { profileRecordOf, emptyProfileFile, readProfileFile, writeProfileFile } from './profile-file.ts';
import type { ProfileFile, ProfileRecord } from './profile-file.ts';
import { credentialAddressOfProfile, LOCAL_SANDBOX_ID, LOCAL_SANDBOX_ORIGIN } from './profile-kind.ts';
import type { SecretStore } from './secret-store.ts';
import { applyTeamJournalChange, teamJournalChange } from './team-journal-change.ts';
import type { TeamJournalRules } from './team-journal-change.ts';
import { createTeamPasswordVault } from './team-journal-password.ts';

/**
 * The profiles: metadata in profiles.json, the key and the secret in the keychain, tied to the one
 * base URL they may be sent to. Every change goes through one queue, so two saves never interleave
 * their writes.
 */

export { LOCAL_SANDBOX_ID } from './profile-kind.ts';
/** The built-in profile's name where no language is given (tests): English, the catalogue's source. */
export const LOCAL_SANDBOX_NAME = 'Local sandbox';

export type ProfileCredentials = BoundCredentials;

/** What the profile view may say of the keychain: never the key, the secret or the team journal password themselves. */
export type CredentialFacts = { hasSecret: boolean; baseUrl: string | null; receiverUrl: string | null; teamJournalPasswordFor: string | null };

/** What a profile's event reads need: its receiver URL and the key and secret that sign them. */
export type ReceiverCredentials = { url: string; apiKey: string; secret: string };

export interface ProfileBook {
  list(): { profiles: ProfileRecord[]; activeId: string | null };
  get(id: string): ProfileRecord;
  active(): ProfileRecord | null;
  save(request: ProfileSaveRequest): Promise<ProfileRecord>;
  remove(id: string): Promise<void>;
  select(id: string): Promise<ProfileRecord>;
  /**
   * Calls `listener` after each change of the book is written (a profile added, edited, removed or
   * selected), so that what was made from a record (the active profile's connection) is made afresh.
   */
  onChange(listener: () => void): void;
  /**
   * Read from the keychain at call time, and only while the profile's base URL is the one they are
   * tied to; the local sandbox's are made if missing.
   */
  credentials(id: string): Promise<ProfileCredentials>;
  credentialFacts(id: string): Promise<CredentialFacts>;
  /**
   * The profile's receiver URL and the key and secret its reads are signed with; null when it has
   * no receiver (the local sandbox never has one here: it runs its own). Read from the keychain at
   * call time, and only while both the base URL and the receiver URL are the ones they are tied
   * to; otherwise a configuration failure that says what to fix, and nothing is sent.
   */
  receiverCredentials(id: string): Promise<ReceiverCredentials | null>;
  /**
   * The team journal password, read from the keychain at call time, and only while it is
   * tied to the target of `settings` (by default the profile's own team journal); otherwise a
   * configuration failure that says what to fix.
   */
  teamJournalPassword(id: string, settings?: TeamJournalSettings): Promise<string>;
}

export type ProfileBookOptions = {
  dataDir: string;
  secrets: SecretStore;
  now?: () => number;
  /** The person's display name (platform/identity): none, no team journal can be joined. */
  displayName?: () => string | null;
  /**
   * The built-in Local sandbox's name, made on first run in the window's language (main-services.ts);
   * from then on it is the person's, to rename like any profile's, and is not translated again.
   */
  sandboxName?: string;
};

/** Last 4 characters of a key, shown to tell profiles apart; none for keys too short to hide. */
export const keyHintOf = (apiKey: string): string | null => (apiKey.length >= 8 ? apiKey.slice(-4) : null);

const notFound = () => worded({ kind: 'not_found' }, { id: 'main.platform.profiles.notFound' });

/** Why the stored credentials are not sent to the profile's address, in plain words. */
function unusable(record: ProfileRecord, state: 'none' | 'unbound' | { boundTo: string }): AppFailure {
  const at: string | Wording = credentialAddressOfProfile(record) ?? { id: 'main.platform.profiles.invalidAddress' };
  const name = record.name;
  return worded(
    { kind: 'configuration' },
    state === 'none'
      ? { id: 'main.platform.profiles.noCredentials', values: { name } }
      : state === 'unbound'
        ? { id: 'main.platform.profiles.unbound', values: { name, at } }
        : { id: 'main.platform.profiles.boundElsewhere', values: { name, at, boundTo: state.boundTo } },
  );
}

/** Why the stored key and secret do not sign reads for the profile's receiver URL, in plain words. */
function receiverUnusable(record: ProfileRecord, receiverUrl: string, boundTo: string | null): AppFailure {
  return worded(
    { kind: 'configuration' },
    boundTo === null
      ? { id: 'main.platform.profiles.receiverUnbound', values: { name: record.name, receiverUrl } }
      : { id: 'main.platform.profiles.receiverElsewhere', values: { name: record.name, receiverUrl, boundTo } },
  );
}

/** The keychain entry's shape: the receiver URL only when there is one. */
const boundTo = (baseUrl: string, receiverUrl: string | null, apiKey: string, secret: string): BoundCredentials => ({
  baseUrl,
  ...(receiverUrl === null ? {} : { receiverUrl }),
  apiKey,
  secret,
});

/** Why the stored team journal password is not sent to `target`, in plain words. */
function teamPasswordUnusable(record: ProfileRecord, target: string, boundTo: string | null): AppFailure {
  const name = record.name;
  return worded(
    { kind: 'configuration' },
    boundTo === null ? { id: 'main.platform.teamJournal.stored.none', values: { name } } : { id: 'main.platform.teamJournal.stored.elsewhere', values: { name, boundTo, target } },
  );
}

export async function openProfileBook(options: ProfileBookOptions): Promise<ProfileBook> {
  const { dataDir } = options;
  const vault = createCredentialVault(options.secrets);
  const teamVault = createTeamPasswordVault(options.secrets);
  const teamRules: TeamJournalRules = { vault: teamVault, displayName: options.displayName ?? (() => null) };
  const now = options.now ?? Date.now;
  let state: ProfileFile = (await readProfileFile(dataDir)) ?? emptyProfileFile();
  let queue: Promise<unknown> = Promise.resolve();
  const listeners: Array<() => void> = [];

  /** Runs one change after the previous one, on a copy; the copy replaces the state once written. */
  const change = <T>(action: (draft: ProfileFile) => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      const draft = structuredClone(state);
      const result = await action(draft);
      await writeProfileFile(dataDir, draft);
      state = draft;
      for (const listener of listeners) listener();
      return result;
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const find = (file: ProfileFile, id: string) => {
    const record = file.profiles.find((profile) => profile.id === id);
    if (!record) throw notFound();
    return record;
  };

  const makeSandboxCredentials = async (): Promise<ProfileCredentials> => {
    const credentials = { baseUrl: LOCAL_SANDBOX_ORIGIN, apiKey: randomBytes(24).toString('hex'), secret: randomBytes(48).toString('hex') };
    await vault.write(LOCAL_SANDBOX_ID, credentials);
    return credentials;
  };

  // First run: the built-in local sandbox, active, with random credentials in the keychain.
  if (!state.profiles.some((profile) => profile.id === LOCAL_SANDBOX_ID)) {
    await change(async (draft) => {
      const { apiKey } = await makeSandboxCredentials();
      const stored = { id: LOCAL_SANDBOX_ID, name: options.sandboxName ?? LOCAL_SANDBOX_NAME, baseUrl: '', keyHint: keyHintOf(apiKey), createdAt: new Date(now()).toISOString(), teamJournal: null, merchantName: null };
      draft.profiles.unshift(profileRecordOf(stored));
      draft.activeId ??= LOCAL_SANDBOX_ID;
    });
  }

  const addProfile = async (draft: ProfileFile, request: ProfileSaveRequest): Promise<ProfileRecord> => {
    const apiKey = request.apiKey ?? '';
    const secret = request.secret ?? '';
    const fields = {
      ...(apiKey === '' ? { apiKey: { id: 'rules.profile.apiKeyNeeded' } } : {}),
      ...(secret === '' ? { secret: { id: 'rules.profile.secretNeeded' } } : {}),
    } satisfies Record<string, FieldRule>;
    if (Object.keys(fields).length > 0) throw refusedFields(fields);
    const team = await teamJournalChange(null, request, teamRules);
    const createdAt = new Date(now()).toISOString();
    const merchantName = request.merchantName ?? null;
    const receiverUrl = request.receiverUrl ?? null;
    const record = profileRecordOf({ id: randomUUID(), name: request.name, merchantName, baseUrl: request.baseUrl, receiverUrl, keyHint: keyHintOf(apiKey), createdAt, teamJournal: team.settings });
    const address = credentialAddressOfProfile(record);
    if (address === null) throw refused('baseUrl', 'rules.profile.baseUrlWhole');
    await vault.write(record.id, boundTo(address, receiverUrl, apiKey, secret));
    await applyTeamJournalChange(record.id, team, teamVault);
    draft.profiles.push(record);
    draft.activeId ??= record.id;
    return record;
  };

  /**
   * An empty key or secret means "keep the stored one", but only while the address stays the base
   * URL they are tied to: a new host, port or path needs both typed again, or a changed address (by
   * a person's typo or a compromised screen) would carry the merchant's key somewhere else. The
   * receiver URL is held to the same rule: a new one needs both typed again; none at all needs
   * nothing, since reads then go nowhere.
   */
  const editProfile = async (draft: ProfileFile, id: string, request: ProfileSaveRequest): Promise<ProfileRecord> => {
    const record = find(draft, id);
    const apiKey = request.apiKey ?? '';
    const secret = request.secret ?? '';
    record.name = request.name;
    // Absent: kept as stored. The local sandbox may have one too: like its name, it is the user's.
    if (request.merchantName !== undefined) record.merchantName = request.merchantName;
    const team = await teamJournalChange(record, request, teamRules);
    if (record.kind === 'local-sandbox') {
      // Its address and credentials belong to the app; only the names are the user's to change.
      if (apiKey !== '' || secret !== '') throw refused('apiKey', 'rules.profile.sandboxOwnKeys');
      if (request.receiverUrl) throw refused('receiverUrl', 'rules.profile.sandboxOwnReceiver');
      return record;
    }
    const stored = await vault.read(id, credentialAddressOfProfile(record));
    // Absent: kept as stored.
    const receiverUrl = request.receiverUrl === undefined ? record.receiverUrl : request.receiverUrl;
    const edited = profileRecordOf({ ...record, baseUrl: request.baseUrl, receiverUrl });
    const address = credentialAddressOfProfile(edited);
    if (address === null) throw refused('baseUrl', 'rules.profile.baseUrlWhole');
    const bound = stored.state === 'bound' ? stored.credentials : null;
    const sameBase = bound !== null && bound.baseUrl === address;
    const sameReceiver = receiverUrl === null || (bound !== null && bound.receiverUrl === receiverUrl);
    const kept = sameBase && sameReceiver ? bound : null;
    if (apiKey !== '' || secret !== '' || kept === null) {
      // What they are typed for (the new base URL, or else the new receiver), and why the stored ones are not.
      const values = {
        address,
        receiver: receiverUrl ?? '',
        target: sameBase ? 'receiver' : 'address',
        why: !sameBase ? (bound !== null ? 'tiedTo' : 'noneStored') : bound?.receiverUrl ? 'signsFor' : 'signsNone',
        stored: bound?.baseUrl ?? '',
        storedReceiver: bound?.receiverUrl ?? '',
      };
      const fields = {
        ...(apiKey === '' && !kept ? { apiKey: { id: 'rules.profile.keyAgain', values: { ...values, key: 'apiKey' } } } : {}),
        ...(secret === '' && !kept ? { secret: { id: 'rules.profile.keyAgain', values: { ...values, key: 'secret' } } } : {}),
      } satisfies Record<string, FieldRule>;
      if (Object.keys(fields).length > 0) throw refusedFields(fields);
      await vault.write(id, boundTo(address, receiverUrl, apiKey || (kept?.apiKey ?? ''), secret || (kept?.secret ?? '')));
      if (apiKey !== '') edited.keyHint = keyHintOf(apiKey);
    } else if ((kept.receiverUrl ?? null) !== receiverUrl) {
      // The receiver was taken away: its reads go nowhere now, so nothing needs typing again.
      await vault.write(id, boundTo(address, receiverUrl, kept.apiKey, kept.secret));
    }
    await applyTeamJournalChange(id, team, teamVault);
    Object.assign(record, edited, { teamJournal: team.settings });
    return record;
  };

  const copy = (record: ProfileRecord): ProfileRecord => ({ ...record });

  return {
    list: () => ({ profiles: state.profiles.map(copy), activeId: state.activeId }),
    get: (id) => copy(find(state, id)),
    active: () => {
      const record = state.profiles.find((profile) => profile.id === state.activeId);
      return record ? copy(record) : null;
    },
    save: (request) =>
      change(async (draft) => copy(request.id === undefined ? await addProfile(draft, request) : await editProfile(draft, request.id, request))),
    remove: (id) =>
      change(async (draft) => {
        const record = find(draft, id);
        if (record.kind === 'local-sandbox') {
          throw worded({ kind: 'configuration' }, { id: 'main.platform.profiles.sandboxBuiltIn' });
        }
        // The keychain first: a failure here leaves the profile listed, so the user can retry.
        await vault.remove(id);
        await teamVault.remove(id);
        draft.profiles = draft.profiles.filter((profile) => profile.id !== id);
        if (draft.activeId === id) {
          draft.activeId = draft.profiles.find((p) => p.kind === 'local-sandbox')?.id ?? draft.profiles[0]?.id ?? null;
        }
      }),
    select: (id) =>
      change(async (draft) => {
        const record = find(draft, id);
        draft.activeId = id;
        return copy(record);
      }),
    onChange: (listener) => void listeners.push(listener),
    credentials: async (id) => {
      const record = find(state, id);
      const address = credentialAddressOfProfile(record);
      const stored = await vault.read(id, address);
      if (stored.state === 'bound' && stored.credentials.baseUrl === address) return stored.credentials;
      // Missing or damaged: the local sandbox simply makes new ones (it only trusts what we give it).
      if (record.kind === 'local-sandbox') return makeSandboxCredentials();
      throw unusable(record, stored.state === 'bound' ? { boundTo: stored.credentials.baseUrl } : stored.state);
    },
    credentialFacts: async (id) => {
      const stored = await vault.read(id, credentialAddressOfProfile(find(state, id)));
      const teamJournalPasswordFor = (await teamVault.read(id))?.target ?? null;
      if (stored.state !== 'bound') return { hasSecret: false, baseUrl: null, receiverUrl: null, teamJournalPasswordFor };
      const { baseUrl, receiverUrl } = stored.credentials;
      return { hasSecret: true, baseUrl: baseUrl === LOCAL_SANDBOX_ORIGIN ? null : baseUrl, receiverUrl: receiverUrl ?? null, teamJournalPasswordFor };
    },
    receiverCredentials: async (id) => {
      const record = find(state, id);
      if (record.kind === 'local-sandbox' || record.receiverUrl === null) return null;
      const { receiverUrl } = record;
      const address = credentialAddressOfProfile(record);
      const stored = await vault.read(id, address);
      if (stored.state !== 'bound' || stored.credentials.baseUrl !== address) {
        throw unusable(record, stored.state === 'bound' ? { boundTo: stored.credentials.baseUrl } : stored.state);
      }
      const { credentials } = stored;
      if (credentials.receiverUrl !== receiverUrl) throw receiverUnusable(record, receiverUrl, credentials.receiverUrl ?? null);
      return { url: receiverUrl, apiKey: credentials.apiKey, secret: credentials.secret };
    },
    teamJournalPassword: async (id, settings) => {
      const record = find(state, id);
      const wanted = settings ?? record.teamJournal;
      if (wanted === null) throw worded({ kind: 'configuration' }, { id: 'main.platform.profiles.noTeamJournal', values: { name: record.name } });
      const target = teamJournalBinding(wanted);
      const stored = await teamVault.read(id);
      if (stored?.target === target) return stored.password;
      throw teamPasswordUnusable(record, target, stored?.target ?? null);
    },
  };
}
