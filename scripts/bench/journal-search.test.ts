import { describe, expect, it } from 'vitest';
import { benchJournalSearch, journalSearchMarkdown } from './journal-search.ts';

/**
 * `npm run bench -- --journal=sqlite` (scripts/bench.ts): the journal search on the one engine
 * named, without starting a PostgreSQL server for the other. Nothing is timed here; a small journal
 * only shows which engines were measured and that each search found what it names.
 */
describe('the journal search bench on one engine', () => {
  it('measures SQLite alone, and reports no PostgreSQL, measured or not', async () => {
    const sizes = await benchJournalSearch([{ entries: 400, runs: 1 }], ['SQLite']);
    expect(sizes).toHaveLength(1);
    expect(sizes[0]?.engines.map((engine) => engine.engine)).toEqual(['SQLite']);
    const report = journalSearchMarkdown(sizes);
    expect(report).toContain('| search | SQLite p50 | SQLite p95 | found |');
    expect(report).not.toContain('PostgreSQL p95');
    expect(report).not.toContain('PostgreSQL not measured');
    // The customer reference names an entry of this journal: the search finds it.
    expect(report).toMatch(/\| text: a customer reference \| [\d.]+ ms \| [\d.]+ ms \| [1-9]\d* \|/);
  }, 60_000);
});
