import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type } from 'node:os';
import { resolve } from 'node:path';
import { benchClientOverhead, clientOverheadMarkdown } from './bench/client-overhead.ts';
import { benchJournalSearch, journalSearchMarkdown } from './bench/journal-search.ts';

/**
 * `npm run bench`: measures, never asserts. Writes docs/benchmarks.md with the machine, the date,
 * and medians and tails over repeated runs. Timed assertions in tests would be flaky on a shared
 * machine; numbers from one run on one machine are what the targets are read against.
 */

const ROOT = resolve(import.meta.dirname, '..');

function machine(): string {
  const cpu = cpus();
  return [
    `- Date: ${new Date().toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    `- Machine: ${type()} ${process.arch}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `- Node ${process.version}`,
  ].join('\n');
}

const sections: string[] = [];
console.log('client overhead…');
sections.push(clientOverheadMarkdown(await benchClientOverhead()));
console.log('journal search…');
sections.push(journalSearchMarkdown(await benchJournalSearch()));

const report = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (scripts/bench.ts); one run on one machine. The targets are the',
  "benchmark's to report, not assertions in tests.",
  '',
  machine(),
  '',
  ...sections.flatMap((section) => [section, '']),
  '## Not measured yet',
  '',
  'The renderer (bundle size, cold load), the pairs table at 10,000 rows and the five-minute quote',
  'soak arrive with the "Proof under faults and load" issue.',
  '',
].join('\n');

mkdirSync(resolve(ROOT, 'docs'), { recursive: true });
writeFileSync(resolve(ROOT, 'docs/benchmarks.md'), report);
console.log(report);
