import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchClientOverhead, clientOverheadMarkdown } from './client-overhead.ts';
import { clientProfileMarkdown, profileClient } from './client-profile.ts';

/**
 * `node scripts/bench/client-overhead-alone.ts`: the client overhead section of docs/benchmarks.md
 * measured alone, with the profile of the client, written in place of that section; the others
 * stay as the last full run left them (a full `npm run bench` takes long).
 */
const file = resolve(import.meta.dirname, '../../docs/benchmarks.md');
const section = [
  clientOverheadMarkdown(await benchClientOverhead()),
  '',
  clientProfileMarkdown(await profileClient(20_000), await profileClient(20_000, 'raw')),
  '',
  `(This section was measured alone, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, by scripts/bench/client-overhead-alone.ts: \`benchClientOverhead\` as \`npm run bench\` runs it, and the profile; the other sections are from the last full run.)`,
].join('\n');
const text = readFileSync(file, 'utf8');
const start = text.indexOf('## Client overhead');
const end = text.indexOf('\n## ', start + 1);
if (start < 0 || end < 0) throw new Error('docs/benchmarks.md has no client overhead section to replace');
writeFileSync(file, `${text.slice(0, start)}${section}\n${text.slice(end)}`);
console.log(section);
