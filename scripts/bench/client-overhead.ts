import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { createProcessingClient } from '../../electron/core/api/client.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { ms, summarise, timed } from './stats.ts';
import type { Summary } from './stats.ts';

/**
 * A signed transactions/info round trip through the console's client (lossless parse, schema,
 * error mapping) against a minimal hand-written signed node:http client, in the same run, against
 * the same local sandbox, interleaved so that both see the same machine load.
 */

const MERCHANT = { key: 'bench-key', secret: 'bench-secret' };

function rawLookup(origin: string, id: number): Promise<string> {
  const body = JSON.stringify({ id });
  const signature = createHmac('sha512', MERCHANT.secret).update(body).digest('hex');
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/api/v2/transactions/info`,
      {
        method: 'GET',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'X-Processing-Key': MERCHANT.key,
          'X-Processing-Signature': signature,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export type ClientOverhead = { console: Summary; raw: Summary; ratioP50: number; ratioP99: number };

export async function benchClientOverhead(runs = 1000, warmup = 100): Promise<ClientOverhead> {
  const sandbox = await startSandbox({ merchants: [MERCHANT], seed: 1, rateLimit: false });
  try {
    const client = createProcessingClient({ baseUrl: sandbox.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
    const id = sandbox.state(MERCHANT.key).transactions[0]?.id;
    if (id === undefined) throw new Error('The sandbox has no example transaction');
    const consoleTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let i = 0; i < warmup + runs; i += 1) {
      // Alternate which goes first, so neither always runs on a warmer socket pool or cache.
      const pair = i % 2 === 0 ? [true, false] : [false, true];
      for (const isConsole of pair) {
        const took = await timed(() => (isConsole ? client.lookupTransaction({ id }) : rawLookup(sandbox.origin, id)));
        if (i >= warmup) (isConsole ? consoleTimes : rawTimes).push(took);
      }
    }
    const consoleSummary = summarise(consoleTimes);
    const rawSummary = summarise(rawTimes);
    return { console: consoleSummary, raw: rawSummary, ratioP50: consoleSummary.p50 / rawSummary.p50, ratioP99: consoleSummary.p99 / rawSummary.p99 };
  } finally {
    await sandbox.close();
  }
}

export function clientOverheadMarkdown(result: ClientOverhead): string {
  const row = (name: string, s: Summary) => `| ${name} | ${s.runs} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} |`;
  return [
    '## Client overhead: signed `transactions/info` round trip',
    '',
    'The console\'s client (sign once, GET with a body, lossless parse, schema, error mapping) against a',
    'minimal hand-written signed `node:http` client, interleaved, against the same local sandbox.',
    '',
    '| client | runs | p50 | p95 | p99 |',
    '|---|---|---|---|---|',
    row('console client', result.console),
    row('raw node:http', result.raw),
    '',
    `Ratio console / raw: **${result.ratioP50.toFixed(2)}×** at p50, ${result.ratioP99.toFixed(2)}× at p99 (target: at most 1.3×).`,
  ].join('\n');
}
