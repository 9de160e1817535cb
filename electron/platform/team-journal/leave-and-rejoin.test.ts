import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileSaveRequest } from '../../../shared/ipc/profile.ts';
import { createJournal, openJournalDatabase } from '../journal/index.ts';
import { openProfileBook } from '../profiles/profile-book.ts';
import { createMemorySecretStore } from '../profiles/secret-store.ts';
import { JOINS_FILE } from './joins.ts';
import { createJournalRouting } from './journal-routing.ts';
import type { JournalRouting } from './journal-routing.ts';

// A profile without a team journal leaves once, not at each of its calls (journal-routing.ts,
// `left`); one that joins a team journal again after leaving it joins afresh, from that moment.
// No server is needed: a team store connects only when first written to.

let dataDir: string;
let routing: JournalRouting;
let clock = Date.parse('2026-03-01T09:00:00Z');

const SHOP = { name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'live-key-12345678', secret: 'live-secret' };
const TEAM = { host: '127.0.0.1', port: 1, database: 'finance', user: 'console', caFile: null };

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-leave-rejoin-'));
});
afterEach(async () => {
  await routing?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const joinedAt = async (profileId: string): Promise<string | undefined> => {
  const stored = JSON.parse(await readFile(join(dataDir, JOINS_FILE), 'utf8').catch(() => '{"profiles":{}}')) as { profiles: Record<string, { joinedAt: string }> };
  return stored.profiles[profileId]?.joinedAt;
};

describe('leaving a team journal', () => {
  it('is done once for a profile without one, and a profile that joins again joins afresh', async () => {
    const book = await openProfileBook({ dataDir, secrets: createMemorySecretStore(), displayName: () => 'Ana' });
    const db = openJournalDatabase(join(dataDir, 'journal.sqlite'));
    const author = () => ({ name: 'Ana', computer: 'pc', desktopId: 'desktop-1' });
    const local = createJournal(db, { author });
    routing = await createJournalRouting({ dataDir, book, local, localDb: db, author, now: () => clock, log: () => {} });
    const save = async (value: Record<string, unknown>) => {
      const saved = await book.save(profileSaveRequest.parse(value));
      await routing.forget(saved.id);
      return saved;
    };

    const shop = await save(SHOP);
    expect(await routing.journalFor(shop.id)).toBe(local);
    expect(await routing.journalFor(shop.id)).toBe(local);

    await save({ id: shop.id, ...SHOP, teamJournal: TEAM, teamJournalPassword: 'pw-1' });
    expect(await routing.journalFor(shop.id)).not.toBe(local);
    const first = await joinedAt(shop.id);
    expect(first).toBe(new Date(clock).toISOString());

    clock += 60_000;
    await save({ id: shop.id, ...SHOP, teamJournal: null });
    expect(await routing.journalFor(shop.id)).toBe(local);
    expect(await joinedAt(shop.id)).toBeUndefined();

    clock += 60_000;
    await save({ id: shop.id, ...SHOP, teamJournal: TEAM, teamJournalPassword: 'pw-1' });
    await routing.journalFor(shop.id);
    expect(await joinedAt(shop.id)).toBe(new Date(clock).toISOString());
  });
});
