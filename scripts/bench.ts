import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type } from 'node:os';
import { resolve } from 'node:path';
import { benchClientOverhead, clientOverheadMarkdown } from './bench/client-overhead.ts';
import { benchColdStart, coldStartMarkdown } from './bench/cold-start.ts';
import { benchHostileAnswer, hostileAnswerMarkdown } from './bench/hostile-answer.ts';
import { benchJournalSearch, JOURNAL_ENGINES, journalSearchMarkdown } from './bench/journal-search.ts';
import type { JournalEngineName } from './bench/journal-search.ts';
import { benchPairsTable, pairsTableMarkdown } from './bench/pairs-table.ts';
import { benchQuoteSoak, quoteSoakMarkdown } from './bench/quote-soak.ts';
import { benchReceiverDisplay, receiverDisplayMarkdown } from './bench/receiver-display.ts';
import { benchReceiverLoad, receiverLoadMarkdown } from './bench/receiver-load.ts';
import { benchRenderer, rendererMarkdown } from './bench/renderer.ts';

/**
 * `npm run bench`: measures, never asserts. Writes docs/benchmarks.md with the machine, the date,
 * and medians and tails over repeated runs. Timed assertions in tests would be flaky on a shared
 * machine; numbers from one run on one machine are what the targets are read against.
 *
 * `npm run bench -- --quick` is a smoke run (a one-minute quote soak, fewer cold loads, the journal
 * search at 10,000 entries only, not also at 1,000,000): it prints
 * the report and leaves docs/benchmarks.md alone, which only a full run writes.
 * BENCH_SOAK_SECONDS=<n> sets the soak's length instead (the test of --quick runs a short one, so
 * that every section is still printed without a minute on screen).
 *
 * `npm run bench -- --journal` runs the journal search section alone (both sizes, or 10,000 entries
 * with --quick), on both engines; `--journal=sqlite` or `--journal=postgresql` on that one alone. It
 * only prints, as --quick does: a change to the search is tried in minutes, not a full run's half hour.
 *
 * `npm run bench -- --receiver` runs the callback receiver's sections alone (its rate against a bare
 * HMAC handler, and from a callback's arrival to History), on SQLite and PostgreSQL; it only prints.
 */

const quick = process.argv.includes('--quick');

function journalOnly(): readonly JournalEngineName[] | undefined {
  const given = process.argv.find((arg) => arg === '--journal' || arg.startsWith('--journal='));
  if (given === undefined) return undefined;
  if (given === '--journal') return JOURNAL_ENGINES;
  const engine = JOURNAL_ENGINES.find((name) => `--journal=${name.toLowerCase()}` === given);
  if (engine === undefined) {
    console.error(`${given}: the journal search runs on ${JOURNAL_ENGINES.map((name) => `--journal=${name.toLowerCase()}`).join(' or ')}, or on both with --journal`);
    process.exit(2);
  }
  return [engine];
}
const journal = journalOnly();

function soakSeconds(): number {
  const given = process.env.BENCH_SOAK_SECONDS;
  if (given === undefined || given === '') return quick ? 60 : 300;
  if (!/^[1-9]\d{0,4}$/.test(given)) {
    console.error(`BENCH_SOAK_SECONDS must be a whole number of seconds from 1 to 99999, not "${given}"`);
    process.exit(2);
  }
  return Number(given);
}
const soak = soakSeconds();

const ROOT = resolve(import.meta.dirname, '..');

function machine(): string {
  const cpu = cpus();
  return [
    `- Date: ${new Date().toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    `- Machine: ${type()} ${process.arch}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `- Node ${process.version}`,
  ].join('\n');
}

/** The callback receiver: its rate at 16 and 64 senders, and from arrival to History on both stores. */
async function receiverSections(): Promise<string[]> {
  // --quick: one round of 2 s at 64 senders, and 5 invoices on each store: every row printed, in about 40 s.
  const seconds = quick ? 2 : 10;
  const runs = quick ? 1 : 3;
  const senders = quick ? [64] : [16, 64];
  const load = [];
  for (const clients of senders) {
    console.log(`callback receiver: ${runs} round(s) of ${seconds} s at ${clients} senders (bare handler, SQLite, PostgreSQL)…`);
    load.push(await benchReceiverLoad({ clients, seconds, runs }));
  }
  const rounds = quick ? 1 : 2;
  const invoices = quick ? 5 : 50;
  console.log(`callback receiver: from arrival to History, ${rounds} round(s) of ${invoices} invoices on each store…`);
  const display = await benchReceiverDisplay({ invoices, rounds });
  return [receiverLoadMarkdown(load), receiverDisplayMarkdown(display, rounds)];
}

if (process.argv.includes('--receiver')) {
  console.log([machine(), ...(await receiverSections())].join('\n\n'));
  console.log('(--receiver: docs/benchmarks.md left as it was)');
  process.exit(0);
}

const journalSizes = quick ? [{ entries: 10_000, runs: 20 }] : [{ entries: 10_000, runs: 100 }, { entries: 1_000_000, runs: 50 }];

if (journal) {
  console.log(`journal search on ${journal.join(' and ')}, ${quick ? '10,000 entries' : '10,000 and 1,000,000 entries'}…`);
  console.log([machine(), '', journalSearchMarkdown(await benchJournalSearch(journalSizes, journal))].join('\n'));
  console.log('(--journal: docs/benchmarks.md left as it was)');
  process.exit(0);
}

const sections: string[] = [];
console.log('client overhead…');
sections.push(clientOverheadMarkdown(await benchClientOverhead()));
console.log(`journal search on SQLite and PostgreSQL, ${quick ? '10,000 entries' : '10,000 and 1,000,000 entries (the million takes some minutes)'}…`);
sections.push(journalSearchMarkdown(await benchJournalSearch(journalSizes)));
console.log('a hostile answer while main answers other calls…');
sections.push(hostileAnswerMarkdown(await benchHostileAnswer(quick ? 3 : 10)));
console.log('renderer bundle and cold load…');
sections.push(rendererMarkdown(await benchRenderer(quick ? 3 : 10)));
console.log('cold start under the Electron stand-in…');
sections.push(coldStartMarkdown(await benchColdStart(quick ? 2 : 10)));
console.log('pairs table at 10,000 rows…');
sections.push(pairsTableMarkdown(await benchPairsTable(10_000, quick ? 1 : 3)));
sections.push(...(await receiverSections()));
console.log(`live quote soak (${soak} s)…`);
sections.push(quoteSoakMarkdown(await benchQuoteSoak(soak)));

const report = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (scripts/bench.ts); one run on one machine. The targets are the',
  "benchmark's to report, not assertions in tests.",
  '',
  machine(),
  '',
  ...sections.flatMap((section) => [section, '']),
].join('\n');

console.log(report);
if (quick) {
  console.log('(--quick: docs/benchmarks.md left as it was)');
} else {
  mkdirSync(resolve(ROOT, 'docs'), { recursive: true });
  writeFileSync(resolve(ROOT, 'docs/benchmarks.md'), report);
}
