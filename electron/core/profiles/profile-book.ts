import { randomBytes, randomUUID } from 'node:crypto';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import { isLoopbackHost } from '../../../shared/ipc/profile.ts';
import type { ProfileKind, ProfileSaveRequest } from '../../../shared/ipc/profile.ts';
import { emptyProfileFile, readProfileFile, writeProfileFile } from './profile-file.ts';
import type { ProfileFile, ProfileRecord } from './profile-file.ts';
import { accountsOf } from './secret-store.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * The profiles: metadata in profiles.json, the key and the secret in the keychain. Every change
 * goes through one queue, so two saves never interleave their writes.
 */

export const LOCAL_SANDBOX_ID = 'local-sandbox';
export const LOCAL_SANDBOX_NAME = 'Local sandbox';

export type ProfileCredentials = { apiKey: string; secret: string };

export interface ProfileBook {
  list(): { profiles: ProfileRecord[]; activeId: string | null };
  get(id: string): ProfileRecord;
  active(): ProfileRecord | null;
  save(request: ProfileSaveRequest): Promise<ProfileRecord>;
  remove(id: string): Promise<void>;
  select(id: string): Promise<ProfileRecord>;
  /** Read from the keychain at call time; the local sandbox's are made if missing. */
  credentials(id: string): Promise<ProfileCredentials>;
  hasSecret(id: string): Promise<boolean>;
}

export type ProfileBookOptions = {
  dataDir: string;
  secrets: SecretStore;
  now?: () => number;
};

/** Last 4 characters of a key, shown to tell profiles apart; none for keys too short to hide. */
export const keyHintOf = (apiKey: string): string | null => (apiKey.length >= 8 ? apiKey.slice(-4) : null);

/** What the base URL says about the profile: a service sandbox (or this computer), or live money. */
export function kindOfBaseUrl(baseUrl: string): ProfileKind {
  const host = new URL(baseUrl).hostname;
  return isLoopbackHost(host) || host.split('.').includes('sandbox') ? 'sandbox' : 'live';
}

const notFound = () => new AppFailure({ kind: 'not_found', message: 'That profile does not exist (it may have been removed).' });
const missing = (field: string, message: string) =>
  new AppFailure({ kind: 'invalid_request', message, fields: { [field]: message } });

export async function openProfileBook(options: ProfileBookOptions): Promise<ProfileBook> {
  const { dataDir, secrets } = options;
  const now = options.now ?? Date.now;
  let state: ProfileFile = (await readProfileFile(dataDir)) ?? emptyProfileFile();
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs one change after the previous one, on a copy; the copy replaces the state once written. */
  const change = <T>(action: (draft: ProfileFile) => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      const draft = structuredClone(state);
      const result = await action(draft);
      await writeProfileFile(dataDir, draft);
      state = draft;
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
    const credentials = { apiKey: randomBytes(24).toString('hex'), secret: randomBytes(48).toString('hex') };
    const accounts = accountsOf(LOCAL_SANDBOX_ID);
    await secrets.set(accounts.apiKey, credentials.apiKey);
    await secrets.set(accounts.secret, credentials.secret);
    return credentials;
  };

  // First run: the built-in local sandbox, active, with random credentials in the keychain.
  if (!state.profiles.some((profile) => profile.kind === 'local-sandbox')) {
    await change(async (draft) => {
      const { apiKey } = await makeSandboxCredentials();
      draft.profiles.unshift({
        id: LOCAL_SANDBOX_ID,
        name: LOCAL_SANDBOX_NAME,
        baseUrl: '',
        kind: 'local-sandbox',
        keyHint: keyHintOf(apiKey),
        createdAt: new Date(now()).toISOString(),
      });
      draft.activeId ??= LOCAL_SANDBOX_ID;
    });
  }

  const addProfile = async (draft: ProfileFile, request: ProfileSaveRequest): Promise<ProfileRecord> => {
    const apiKey = request.apiKey ?? '';
    const secret = request.secret ?? '';
    if (apiKey === '') throw missing('apiKey', 'Enter the API key');
    if (secret === '') throw missing('secret', 'Enter the secret key');
    const record: ProfileRecord = {
      id: randomUUID(),
      name: request.name,
      baseUrl: request.baseUrl,
      kind: kindOfBaseUrl(request.baseUrl),
      keyHint: keyHintOf(apiKey),
      createdAt: new Date(now()).toISOString(),
    };
    const accounts = accountsOf(record.id);
    await secrets.set(accounts.apiKey, apiKey);
    await secrets.set(accounts.secret, secret);
    draft.profiles.push(record);
    draft.activeId ??= record.id;
    return record;
  };

  const editProfile = async (draft: ProfileFile, id: string, request: ProfileSaveRequest): Promise<ProfileRecord> => {
    const record = find(draft, id);
    const apiKey = request.apiKey ?? '';
    const secret = request.secret ?? '';
    record.name = request.name;
    if (record.kind === 'local-sandbox') {
      // Its address and credentials belong to the app; only the name is the user's to change.
      if (apiKey !== '' || secret !== '') throw missing('apiKey', 'The local sandbox makes its own key and secret');
      return record;
    }
    record.baseUrl = request.baseUrl;
    record.kind = kindOfBaseUrl(request.baseUrl);
    const accounts = accountsOf(id);
    // Empty means "keep the stored one".
    if (apiKey !== '') {
      await secrets.set(accounts.apiKey, apiKey);
      record.keyHint = keyHintOf(apiKey);
    }
    if (secret !== '') await secrets.set(accounts.secret, secret);
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
          throw new AppFailure({ kind: 'configuration', message: 'The local sandbox is built in and cannot be removed.' });
        }
        // The keychain first: a failure here leaves the profile listed, so the user can retry.
        const accounts = accountsOf(id);
        await secrets.delete(accounts.apiKey);
        await secrets.delete(accounts.secret);
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
    credentials: async (id) => {
      const record = find(state, id);
      const accounts = accountsOf(id);
      const [apiKey, secret] = [await secrets.get(accounts.apiKey), await secrets.get(accounts.secret)];
      if (apiKey && secret) return { apiKey, secret };
      // The keychain was cleared: the local sandbox simply makes new ones (it only trusts what we give it).
      if (record.kind === 'local-sandbox') return makeSandboxCredentials();
      throw new AppFailure({
        kind: 'configuration',
        message: `No ${apiKey ? 'secret' : 'API key'} is stored in the keychain for "${record.name}". Edit the profile and enter it again.`,
      });
    },
    hasSecret: async (id) => (await secrets.get(accountsOf(id).secret)) !== null,
  };
}
