import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ANSWER_LIMITS } from '../../electron/platform/api/answer-limits.ts';
import { createMemorySecretStore } from '../../electron/platform/profiles/secret-store.ts';
import { createMainServices } from '../../electron/app/index.ts';
import type { MainServices } from '../../electron/app/index.ts';
import { ms, summarise, timed } from './stats.ts';
import type { Summary } from './stats.ts';

/**
 * A hostile answer must not freeze main (docs/benchmarks.md, "A hostile answer"): it once took
 * 67 s for a 15 MiB answer, journaled whole and printed whole into the PDF on the main thread.
 * While main handles hostile answers through the real router and client (the host in a process of
 * its own, hostile-host.ts), a prober asks main for something cheap (app.info) every 10 ms, as a
 * window would, and each answer's latency is counted from the moment the call was due: time the
 * main thread spent blocked shows up in it, as it would for the window's IPC. Target: every call
 * answered within 100 ms.
 */

const PROBE_EVERY_MS = 10;
const MIB = 1024 * 1024;

/** `busy`: the share of the phase's time main's event loop was running code (eventLoopUtilization), as against waiting. */
type Phase = { name: string; work: Summary; probe: Summary; loopDelayMaxMs: number; busy: number };
export type HostileAnswerBench = { phases: Phase[] };

const transaction = (extra: Record<string, unknown>) =>
  JSON.stringify({ id: 4711, status: 'confirmed', type: 'deposit', fees: [], transactions: [], ...extra });

/** The hostile host (hostile-host.ts) in a child process; `answer` sets what it sends next. */
async function hostileHost(): Promise<{ baseUrl: string; answer(body: string): Promise<void>; close(): Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./hostile-host.ts', import.meta.url)), [], { stdio: 'inherit' });
  const next = <T>(): Promise<T> => new Promise((resolve) => child.once('message', (message) => resolve(message as T)));
  const { port } = await next<{ port: number }>();
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    answer: async (body) => {
      const ready = next();
      child.send({ body });
      await ready;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** Runs `work` `runs` times while the prober asks main for app.info every 10 ms. */
async function phase(services: MainServices, name: string, runs: number, work: () => Promise<unknown>): Promise<Phase> {
  const latencies: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let probing = true;
  const prober = (async () => {
    let due = performance.now();
    while (probing) {
      due += PROBE_EVERY_MS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      await services.router.handle('app.info', {}, { via: 'harness' });
      // A timer may fire a fraction of a millisecond early: no answer is faster than immediate.
      latencies.push(Math.max(0, performance.now() - due));
      // A late probe is counted once; the next one is due from now, not in a burst to catch up.
      if (performance.now() > due + PROBE_EVERY_MS) due = performance.now();
    }
  })();
  loop.enable();
  const utilization = performance.eventLoopUtilization();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await timed(work));
  probing = false;
  await prober;
  loop.disable();
  const busy = performance.eventLoopUtilization(utilization).utilization;
  return { name, work: summarise(times), probe: summarise(latencies), loopDelayMaxMs: loop.max / 1e6, busy };
}

/** One pair as the field notes show it (about 250 bytes). */
const PAIR =
  '{"currency_from":{"currency":"BTC","type":"crypto","min_amount":"0.00010000","min_amount_deposit_with_exchange":"0.00010000"},"currency_to":{"currency":"EUR","type":"fiat"},"rate_from":"1","rate_to":"20693.84879354"}';

/** Padding of about `bytes` as a list of 1 KiB texts (no one text value is refused on its own). */
const paddingOf = (bytes: number) => Array.from({ length: Math.floor(bytes / 1027) }, () => 'x'.repeat(1024));

async function refused(services: MainServices, channel: string, payload: unknown): Promise<void> {
  const answer = (await services.router.handle(channel, payload, { via: 'harness' })) as { ok: boolean };
  if (answer.ok) throw new Error(`${channel} accepted what should be refused`);
}

async function expectOk<T>(services: MainServices, channel: string, payload: unknown): Promise<T> {
  const answer = (await services.router.handle(channel, payload, { via: 'harness' })) as { ok: boolean; value?: T; error?: unknown };
  if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

export async function benchHostileAnswer(runs = 10): Promise<HostileAnswerBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  const host = await hostileHost();
  const services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {}, askPerson: async () => true });
  try {
    const profile = await expectOk<{ id: string }>(services, 'profiles.save', { name: 'Hostile', baseUrl: host.baseUrl, apiKey: 'bench-key', secret: 'bench-secret' });
    await expectOk(services, 'profiles.select', { id: profile.id });
    const phases: Phase[] = [];
    // Warm up (the client, the journal, the code's first runs), so that no phase measures a first use.
    await host.answer(transaction({}));
    for (let i = 0; i < 3; i += 1) await expectOk(services, 'transactions.lookup', { id: 4711 });

    await host.answer(transaction({ padding: 'x'.repeat(15 * MIB) }));
    phases.push(await phase(services, 'a 15 MiB lookup answer (refused at the 256 KiB cap)', runs, () => refused(services, 'transactions.lookup', { id: 4711 })));

    await host.answer(transaction({ padding: paddingOf(ANSWER_LIMITS.lookup - 2048) }));
    phases.push(await phase(services, 'a lookup answer just under the cap (read, redacted, cut, journaled)', runs, () => expectOk(services, 'transactions.lookup', { id: 4711 })));

    await host.answer(transaction({ padding: 'x'.repeat(ANSWER_LIMITS.lookup - 2048) }));
    phases.push(await phase(services, 'the same as one long text value', runs, () => expectOk(services, 'transactions.lookup', { id: 4711 })));

    await host.answer(`{"data":[${Array.from({ length: Math.floor(ANSWER_LIMITS.pairs / 260) }, () => PAIR).join(',')}]}`);
    phases.push(await phase(services, 'a pairs answer just under its 512 KiB cap (about 2,000 pairs)', runs, () => expectOk(services, 'pairs.list', { refresh: true })));

    // The largest answer the journal keeps whole, so that a dispute report can be made of it.
    await host.answer(transaction({ additional_details: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`padding${i}`, 'y'.repeat(1000)])) }));
    const { journalId } = await expectOk<{ journalId: number }>(services, 'transactions.lookup', { id: 4711 });
    phases.push(await phase(services, 'its dispute report PDF (built in the worker)', runs, () => expectOk(services, 'reports.disputePdf', { id: journalId })));
    return { phases };
  } finally {
    await services.close();
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function hostileAnswerMarkdown(result: HostileAnswerBench): string {
  const worst = Math.max(...result.phases.map((p) => p.probe.max));
  return [
    '## A hostile answer: main keeps answering',
    '',
    'Through the real router and client against a hostile host on loopback (its answer streamed',
    'without a length). Meanwhile a prober asks main for `app.info` every 10 ms; each latency counts',
    'from the moment the call was due, so time the main thread spent blocked is in it. "main busy"',
    "is the share of the phase main's event loop spent running code: a wait with main idle is the",
    'machine (two cores shared with the worker, the host and everything else), not main.',
    '',
    '| while main handles | runs | one run p50 | app.info p50 | app.info p95 | app.info max | event-loop delay max | main busy |',
    '|---|---|---|---|---|---|---|---|',
    ...result.phases.map(
      (p) =>
        `| ${p.name} | ${p.work.runs} | ${ms(p.work.p50)} | ${ms(p.probe.p50)} | ${ms(p.probe.p95)} | ${ms(p.probe.max)} | ${ms(p.loopDelayMaxMs)} | ${(p.busy * 100).toFixed(0)} % |`,
    ),
    '',
    `Slowest answer to another call: **${ms(worst)}** (target: within 100 ms throughout).`,
  ].join('\n');
}
