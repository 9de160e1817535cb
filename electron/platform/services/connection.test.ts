import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileSaveRequest } from '../../../shared/ipc/profile.ts';
import type { ProcessingClient } from '../api/index.ts';
import type { JournalStore, Tracker } from '../journal/index.ts';
import { LOCAL_SANDBOX_ID, createMemorySecretStore, openProfileBook } from '../profiles/index.ts';
import type { ProfileBook } from '../profiles/index.ts';
import { createConnection } from './connection.ts';
import type { LocalSandbox } from './local-sandbox.ts';

/**
 * What the active profile works with (its client, its journal and the tracker on it) is worked out
 * once and kept: a call asks neither the profile book which profile is active nor the routing which
 * journal it records into. What is kept is made afresh whenever the book changes or a profile is
 * forgotten, so a switch, a rename or a new team journal shows at the next call, as if asked each time.
 */

let dataDir: string;
let book: ProfileBook;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-connection-'));
  book = await openProfileBook({ dataDir, secrets: createMemorySecretStore() });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const save = (name: string, extra: Record<string, unknown> = {}) =>
  book.save(profileSaveRequest.parse({ name, baseUrl: 'https://shop.example/api/v2', apiKey: 'key-of-the-shop', secret: 'secret-of-the-shop', ...extra }));

/** A connection whose clients and journals are markers, counting how often a journal was asked for. */
function connectionFor(options: { sandboxAt?: () => string; journalFor?: (profileId: string) => Promise<JournalStore> } = {}) {
  const asked: string[] = [];
  const made: string[] = [];
  const sandbox = { ensure: async () => ({ baseUrl: options.sandboxAt?.() ?? 'http://127.0.0.1:4100/api/v2' }) } as unknown as LocalSandbox;
  const connection = createConnection({
    book,
    sandbox,
    createClient: ({ baseUrl }) => {
      made.push(baseUrl);
      return { madeFor: baseUrl } as unknown as ProcessingClient;
    },
    journalFor: (profileId) => {
      asked.push(profileId);
      return options.journalFor?.(profileId) ?? Promise.resolve({ journalOf: profileId } as unknown as JournalStore);
    },
    track: (journal) => ({ trackerOn: journal }) as unknown as Tracker,
  });
  return { connection, asked, made };
}

describe("the active profile's work", () => {
  it('is worked out at the first call and kept: the journal is asked for once, and the tracker is on it', async () => {
    const shop = await save('Shop');
    await book.select(shop.id);
    const { connection, asked, made } = connectionFor();
    const first = await connection.active();
    const second = await connection.active();
    expect(second).toBe(first);
    expect(asked).toEqual([shop.id]);
    expect(made).toEqual(['https://shop.example/api/v2']);
    expect(first).toMatchObject({ profileId: shop.id, profileName: 'Shop', kind: 'live', journal: { journalOf: shop.id } });
    expect(first.tracker).toEqual({ trackerOn: first.journal });
  });

  it('is made afresh when another profile is selected: the next call is that profile’s, in its journal', async () => {
    const shop = await save('Shop');
    const { connection, asked } = connectionFor();
    expect((await connection.active()).profileId).toBe(LOCAL_SANDBOX_ID);
    await book.select(shop.id);
    const work = await connection.active();
    expect(work).toMatchObject({ profileId: shop.id, journal: { journalOf: shop.id } });
    expect(asked).toEqual([LOCAL_SANDBOX_ID, shop.id]);
  });

  it('names a renamed profile by its new name at the next call', async () => {
    const shop = await save('Shop');
    await book.select(shop.id);
    const { connection } = connectionFor();
    expect((await connection.active()).profileName).toBe('Shop');
    await save('Shop EU', { id: shop.id, apiKey: undefined, secret: undefined });
    expect((await connection.active()).profileName).toBe('Shop EU');
  });

  it("asks for the profile's journal again once the profile is forgotten (its team journal changed, say)", async () => {
    const shop = await save('Shop');
    await book.select(shop.id);
    const journals = [{ n: 1 }, { n: 2 }] as unknown as JournalStore[];
    const { connection, asked } = connectionFor({ journalFor: async () => journals[asked.length - 1] as JournalStore });
    expect((await connection.active()).journal).toBe(journals[0]);
    connection.forget(shop.id);
    expect((await connection.active()).journal).toBe(journals[1]);
  });

  it('does not keep work that was being made while the profile was forgotten', async () => {
    const shop = await save('Shop');
    await book.select(shop.id);
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { connection, asked } = connectionFor({
      journalFor: async (profileId) => {
        if (asked.length === 1) await held;
        return { journalOf: profileId, call: asked.length } as unknown as JournalStore;
      },
    });
    const during = connection.active();
    await new Promise((resolve) => setImmediate(resolve));
    connection.forget(shop.id);
    release();
    expect((await during).journal).toMatchObject({ call: 1 });
    expect((await connection.active()).journal).toMatchObject({ call: 2 });
    expect(asked).toEqual([shop.id, shop.id]);
  });

  it("makes the local sandbox's client again when the sandbox runs at another address", async () => {
    let address = 'http://127.0.0.1:4100/api/v2';
    const { connection, made } = connectionFor({ sandboxAt: () => address });
    expect((await connection.active()).baseUrl).toBe(address);
    address = 'http://127.0.0.1:4200/api/v2';
    const moved = await connection.active();
    expect(moved.baseUrl).toBe(address);
    expect(made).toEqual(['http://127.0.0.1:4100/api/v2', 'http://127.0.0.1:4200/api/v2']);
  });

  it('says so when no profile is selected', async () => {
    const none = { ...book, active: () => null } as ProfileBook;
    const connection = createConnection({ book: none, sandbox: {} as LocalSandbox, createClient: () => ({}) as ProcessingClient, journalFor: async () => ({}) as JournalStore, track: () => ({}) as Tracker });
    await expect(connection.active()).rejects.toThrow('No profile is selected');
  });
});
