import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JournalQuery } from '../../shared/ipc/journal.ts';
import { createJournal, openJournalDatabase } from '../../electron/core/journal/index.ts';
import type { JournalStore } from '../../electron/core/journal/index.ts';
import { ms, summarise, timed } from './stats.ts';
import type { Summary } from './stats.ts';

/**
 * The history screen's searches over a journal of 10,000 entries in a real SQLite file (WAL), as
 * the app opens it: the first page, free text, a state, a status and a date range.
 */

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

export async function seedJournal(journal: JournalStore, count: number, profileId = 'bench-profile'): Promise<void> {
  const operations = ['invoices.create', 'exchange.place', 'transactions.lookup'] as const;
  const outcomes = ['succeeded', 'failed', 'unknown'] as const;
  for (let i = 0; i < count; i += 1) {
    const operation = operations[i % operations.length] ?? 'invoices.create';
    const id = await journal.begin({
      profileId,
      profileName: 'Bench shop',
      operation,
      foreignId: `${operation === 'exchange.place' ? 'exch' : 'inv'}-${String(i).padStart(6, '0')}`,
      title: operation === 'invoices.create' ? `Order ${1000 + i}` : null,
      endUserReference: `customer-${i % 997}`,
      currency: i % 2 === 0 ? 'EUR' : 'BTC',
      amount: `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
      request: { foreign_id: `inv-${i}`, amount: `${i}.00` },
    });
    await journal.finish(id, {
      state: outcomes[i % 7 === 0 ? 1 : i % 53 === 0 ? 2 : 0] ?? 'succeeded',
      serviceId: 134_700_000 + i,
      serviceStatus: i % 5 === 0 ? 'processing' : 'created',
      httpStatus: 201,
      durationMs: 40 + (i % 60),
    });
  }
}

const QUERIES: Array<[string, JournalQuery]> = [
  ['newest page (no filter)', {}],
  ['free text (foreign id fragment)', { text: '0042' }],
  ['state = unknown', { state: 'unknown' }],
  ['service status = processing', { serviceStatus: 'processing' }],
  ['operation + date range', { operation: 'invoices.create', from: '2026-11-01', to: '2026-11-30' }],
];

export type JournalSearchBench = { entries: number; perQuery: Array<[string, Summary]>; all: Summary };

export async function benchJournalSearch(entries = 10_000, runs = 200): Promise<JournalSearchBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-journal-'));
  try {
    let clock = START;
    const db = openJournalDatabase(join(dir, 'journal.sqlite'));
    // Entries spread over the year, so a date range selects a slice, not everything.
    const journal = createJournal(db, {
      now: () => new Date((clock += Math.floor((330 * DAY) / entries))),
      author: () => ({ name: 'Bench', computer: 'bench', desktopId: 'bench' }),
    });
    db.exec('BEGIN');
    await seedJournal(journal, entries);
    db.exec('COMMIT');
    const perQuery: Array<[string, Summary]> = [];
    const all: number[] = [];
    for (const [name, query] of QUERIES) {
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) times.push(await timed(() => journal.search('bench-profile', query)));
      perQuery.push([name, summarise(times)]);
      all.push(...times);
    }
    db.close();
    return { entries, perQuery, all: summarise(all) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function journalSearchMarkdown(result: JournalSearchBench): string {
  return [
    `## Journal search over ${result.entries.toLocaleString('en')} entries`,
    '',
    'Real SQLite file (node:sqlite, WAL), the history screen\'s page of up to 200 entries, newest first.',
    '',
    '| query | runs | p50 | p95 |',
    '|---|---|---|---|',
    ...result.perQuery.map(([name, s]) => `| ${name} | ${s.runs} | ${ms(s.p50)} | ${ms(s.p95)} |`),
    '',
    `All queries: p95 **${ms(result.all.p95)}** (target: at most 20 ms).`,
  ].join('\n');
}
