import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../../shared/ipc/channels.ts';
import { CHANNELS } from '../../../shared/ipc/contract.ts';
import { JOURNAL_OPERATIONS } from '../../../shared/ipc/journal.ts';
import { openJournalDatabase } from './index.ts';
import { migrateSqliteJournal } from './schema/sqlite-migrations.ts';
import { testJournal } from './test-journal.ts';

// One name per operation, from the IPC channel to the journal: the journal
// records an operation under its channel's name, and rows of the names before are renamed.

/** The names the journal used before operations took their channel's name, kept only by its migrations and by old files. */
const RETIRED = ['invoice.create', 'transaction.lookup', 'address.take'] as const;

/** The operations that are not channel names, for an assertion that names them. */
function notChannels(operations: readonly string[], channels: readonly string[]): string[] {
  return operations.filter((operation) => !channels.includes(operation));
}

/** Every `operation: '<a>.<b>'` written in a source text: what code hands the journal or its search. */
function operationLiterals(source: string): string[] {
  return [...source.matchAll(/\boperation: '([A-Za-z]+\.[A-Za-z]+)'/g)].map((match) => match[1] ?? '');
}

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((path) => /\.(ts|tsx|md)$/.test(path));
const read = (path: string): string => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // deleted in the working tree, not yet in the index
  }
};

describe('journal operations are channel names', () => {
  it('each journal operation is a channel of the contract and of the preload list', () => {
    expect(notChannels(JOURNAL_OPERATIONS, CHANNELS), 'journal operations that are no contract channel').toEqual([]);
    expect(notChannels(JOURNAL_OPERATIONS, CHANNEL_NAMES), 'journal operations missing from channels.ts').toEqual([]);
  });

  it('the comparison names an operation that is not a channel (a retired name, for one)', () => {
    expect(notChannels([...JOURNAL_OPERATIONS, 'invoice.create'], CHANNELS)).toEqual(['invoice.create']);
  });

  it('every `operation:` literal in the tree, tests and e2e included, is a journal operation', () => {
    const strays = tracked.flatMap((path) => operationLiterals(read(path)).filter((name) => !(JOURNAL_OPERATIONS as readonly string[]).includes(name)).map((name) => `${path}: ${name}`));
    expect(strays).toEqual([]);
    // The grep itself finds a stray one (the sample is built, so that this file does not hold one).
    const [retired] = RETIRED;
    expect(operationLiterals(`journal.search('p', { operation: '${retired}' })`)).toEqual([retired]);
  });

  it('no shipped code or document names a retired operation; only the migrations and tests of old files may', () => {
    // The migrations: database.ts, and the schema's description that repeats them for both engines.
    const migrations = ['electron/platform/journal/database.ts', 'electron/platform/journal/schema/journal-schema.ts'];
    const shipped = tracked.filter((path) => !/\.(test|spec)\.tsx?$/.test(path) && !migrations.includes(path));
    const mentions = shipped.flatMap((path) => RETIRED.filter((name) => new RegExp(`\\b${name.replace('.', '\\.')}\\b`).test(read(path))).map((name) => `${path}: ${name}`));
    expect(mentions).toEqual([]);
  });
});

describe('the journal migration to channel names', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-operations-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renames the rows of a journal written under the old names, and leaves every other field', async () => {
    const file = join(dir, 'journal.sqlite');
    // A journal file as the version before this one left it: schema 4, operations under the old names.
    const before = new DatabaseSync(file);
    migrateSqliteJournal(before, 4);
    const insert = before.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, created_at, updated_at)
      VALUES ('p1', 'Shop', ?, 'succeeded', ?, '{}', ?, ?)`);
    const rows: Array<[string, string]> = [
      ['invoice.create', 'inv-old'],
      ['exchange.place', 'exch-old'],
      ['transaction.lookup', 'look-old'],
      ['address.take', 'addr-old'],
    ];
    rows.forEach(([operation, foreignId], i) => insert.run(operation, foreignId, `2026-01-01T00:00:0${i}.000Z`, `2026-01-01T00:00:0${i}.000Z`));
    before.close();

    const db = openJournalDatabase(file);
    const journal = testJournal(db);
    expect(((await journal.search('p1')).entries).map((e) => [e.operation, e.foreignId, e.state, e.createdAt]).reverse()).toEqual([
      ['invoices.create', 'inv-old', 'succeeded', '2026-01-01T00:00:00.000Z'],
      ['exchange.place', 'exch-old', 'succeeded', '2026-01-01T00:00:01.000Z'],
      ['transactions.lookup', 'look-old', 'succeeded', '2026-01-01T00:00:02.000Z'],
      ['addresses.take', 'addr-old', 'succeeded', '2026-01-01T00:00:03.000Z'],
    ]);
    // Found again under the new name (History's filter, the CSV export and the duplicate check use it).
    expect((await journal.findByForeignId('p1', 'invoices.create', 'inv-old'))?.state).toBe('succeeded');
    expect(((await journal.search('p1', { operation: 'transactions.lookup' })).entries).map((e) => e.foreignId)).toEqual(['look-old']);
    const left = db.prepare(`SELECT count(*) AS n FROM entries WHERE operation IN (${RETIRED.map(() => '?').join(', ')})`).get(...RETIRED) as { n: number };
    expect(left.n).toBe(0);
    db.close();
  });
});
