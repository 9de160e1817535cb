import { join } from 'node:path';
import { startStaticServer } from '../../e2e/harness/server.ts';
import type { HarnessRouter } from '../../e2e/harness/bridge.ts';
import { OUTCOMES_ASK_EVERY_MS, OUTCOMES_PULL_EVERY_MS } from '../../shared/ipc/index.ts';
import { createOutcomeFeed, outcomeHandlers } from '../../electron/outcomes/index.ts';
import { openOutcomeStore } from '../../electron/platform/outcomes/index.ts';
import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-kind.ts';
import { createRouter } from '../../electron/platform/router/index.ts';
import type { ServiceDeps } from '../../electron/platform/services/index.ts';
import { bridgedPage, buildBenchRenderer, launchChromium, openScreen, startBenchServices } from './browser.ts';
import { sandboxCallbackBodies, withInvoiceId } from './callback-bodies.ts';
import type { CallbackBody } from './callback-bodies.ts';
import { BENCH_MERCHANT, sendOne } from './receiver-load.ts';
import { benchFolder, benchStores, startBenchReceiver } from './receiver-servers.ts';
import type { StoreName } from './receiver-servers.ts';
import { arrivalToDisplay, ms, summarise } from './stats.ts';
import type { Summary } from './stats.ts';

/**
 * From a callback's arrival at the receiver to its outcome on a desktop's History screen, the way
 * a person sees it: the built renderer in Chromium, History open on a page of invoices, main's
 * services behind it. Main's outcome handlers and feed are the app's own (createOutcomeFeed,
 * outcomeHandlers, an outcomes.sqlite in the data folder), pointed at the bench's receiver process
 * (`npm run receiver`, on SQLite or PostgreSQL) instead of the Local sandbox's, so the whole path is
 * the app's: POST /callbacks, the store, History's ask, main's signed GET /events, the outcome
 * store, the IPC answer, React's render.
 *
 * Each invoice gets its callbacks in turn (payment seen, then processing, then confirmed), one at a
 * time at random gaps, so arrivals fall at every point of History's ask cycle. A callback's arrival
 * is the moment before the bench sends it; its display, the first moment the page's row shows its
 * status (a MutationObserver in the page, by the same machine's clock).
 */

export type DisplayResult = { store: StoreName; callbacks: number; missing: number; latency: Summary } | { store: StoreName; why: string };

const STATUSES = ['pending', 'processing', 'confirmed'] as const;

type Seen = Record<string, number>;
type ObserverWindow = {
  __seen: Seen;
  Date: { now(): number };
  document: { querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null; querySelector(selector: string): { getAttribute(name: string): string | null } | null }> };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, boolean>): void };
};

/** In the page: notes, for each row and status, when the row first showed that status. */
function displayObserver(): void {
  const page = globalThis as unknown as ObserverWindow;
  page.__seen = {};
  const look = () => {
    const now = page.Date.now();
    for (const row of page.document.querySelectorAll('tr[data-entry-id]')) {
      const status = row.querySelector('[data-testid="entry-outcome"]')?.getAttribute('data-outcome');
      if (!status) continue;
      const key = `${row.getAttribute('data-entry-id') ?? ''} ${status}`;
      page.__seen[key] ??= now;
    }
  };
  new page.MutationObserver(look).observe(page.document, { subtree: true, childList: true, attributes: true, characterData: true });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measureOn(
  store: StoreName,
  where: { spec: string; env: NodeJS.ProcessEnv },
  templates: readonly CallbackBody[],
  options: { invoices: number; gapMs: readonly [number, number] },
  folder: string,
): Promise<{ latencies: number[]; missing: number }> {
  const receiver = await startBenchReceiver(where, BENCH_MERCHANT, store, folder);
  const dataFolder = benchFolder();
  const bench = await startBenchServices();
  const rendererDir = await buildBenchRenderer();
  const server = await startStaticServer(rendererDir);
  const browser = await launchChromium();
  try {
    const { services } = bench;
    // A page of invoices the service created, as the New invoice form records them.
    const invoices: Array<{ entryId: number; serviceId: number }> = [];
    for (let n = 0; n < options.invoices; n += 1) {
      const serviceId = 5_000_000 + n;
      const entry = await services.journal.record(
        { profileId: LOCAL_SANDBOX_ID, profileName: 'Local sandbox', operation: 'invoices.create', foreignId: `bench-order-${serviceId}`, title: `Order ${serviceId}`, currency: 'EUR', amount: '40', request: { foreign_id: `bench-order-${serviceId}` } },
        { state: 'succeeded', serviceId, serviceStatus: 'created', httpStatus: 201, durationMs: 40 },
      );
      invoices.push({ entryId: entry.id, serviceId });
    }
    // The app's outcome feed and handlers, reading the bench's receiver for the active profile.
    const outcomes = openOutcomeStore(join(dataFolder.path, 'outcomes.sqlite'));
    const feed = createOutcomeFeed(outcomes, () => Promise.resolve({ url: receiver.url, key: BENCH_MERCHANT.key, secret: BENCH_MERCHANT.secret }), Date.now);
    const deps = { book: { active: () => ({ id: LOCAL_SANDBOX_ID }) }, journalFor: services.journals.journalFor, now: Date.now } as unknown as ServiceDeps;
    const router: HarnessRouter = createRouter({ ...services.handlers, ...outcomeHandlers(deps, feed) });

    const { page } = await bridgedPage(browser, router);
    await page.goto(server.url);
    await openScreen(page, 'History');
    await page.locator(`tr[data-entry-id="${invoices[0]?.entryId}"]`).waitFor();
    await page.evaluate(displayObserver);

    const byStatus = new Map(STATUSES.map((status) => [status, templates.find((t) => t.status === status)]));
    const arrivals: Record<string, number> = {};
    const [low, high] = options.gapMs;
    for (const status of STATUSES) {
      const template = byStatus.get(status);
      if (!template) throw new Error(`The sandbox sent no ${status} invoice callback to copy`);
      for (const { entryId, serviceId } of invoices) {
        await pause(low + Math.random() * (high - low));
        arrivals[`${entryId} ${status}`] = Date.now();
        const answer = await sendOne(receiver.url, withInvoiceId(template, serviceId));
        if (answer !== 200) throw new Error(`The receiver answered ${answer} to a callback`);
      }
    }
    // Every callback shows within seconds; what has not after 15 s is reported missing.
    const wanted = Object.keys(arrivals);
    const shown = () => page.evaluate(() => (globalThis as unknown as ObserverWindow).__seen);
    let seen: Seen = await shown();
    for (let waited = 0; waited < 15_000 && !wanted.every((key) => key in seen); waited += 250) {
      await pause(250);
      seen = await shown();
    }
    outcomes.close();
    return arrivalToDisplay(arrivals, seen);
  } finally {
    await browser.close();
    await server.close();
    await bench.close();
    await receiver.stop();
    dataFolder.remove();
  }
}

/** On each store, `rounds` times: History open over `invoices` invoices whose callbacks arrive one by one. */
export async function benchReceiverDisplay(options: { invoices: number; rounds: number; gapMs?: readonly [number, number]; stores?: readonly StoreName[] }): Promise<DisplayResult[]> {
  const templates = await sandboxCallbackBodies();
  const folder = benchFolder();
  const stores = benchStores(folder.path);
  const results: DisplayResult[] = [];
  try {
    for (const store of options.stores ?? (['SQLite', 'PostgreSQL'] as const)) {
      const where = await stores.storeFor(store);
      if ('unavailable' in where) {
        results.push({ store, why: where.unavailable });
        continue;
      }
      const latencies: number[] = [];
      let missing = 0;
      for (let round = 0; round < options.rounds; round += 1) {
        // Each round a fresh receiver on a fresh store (the first round's store for the first).
        const fresh = round === 0 ? where : await stores.storeFor(store);
        if ('unavailable' in fresh) break;
        const measured = await measureOn(store, fresh, templates, { invoices: options.invoices, gapMs: options.gapMs ?? [50, 350] }, folder.path);
        latencies.push(...measured.latencies);
        missing += measured.missing;
      }
      results.push({ store, callbacks: latencies.length, missing, latency: summarise(latencies) });
    }
  } finally {
    await stores.close();
    folder.remove();
  }
  return results;
}

export function receiverDisplayMarkdown(results: readonly DisplayResult[], rounds: number): string {
  const rows = results.map((r) =>
    'why' in r
      ? `| ${r.store} | not measured: ${r.why} | | | | | |`
      : `| ${r.store} | ${r.callbacks} | ${ms(r.latency.p50)} | ${ms(r.latency.p95)} | ${ms(r.latency.p99)} | ${ms(r.latency.max)} | ${r.missing} |`,
  );
  const verdicts = results.map((r) => ('why' in r ? `${r.store}: not measured` : `${r.store} **${ms(r.latency.p99)}** (${r.latency.p99 < 1000 && r.missing === 0 ? 'met' : 'missed'})`));
  return [
    '## Callback receiver: from arrival to History',
    '',
    "The built renderer in Chromium with History open on a page of invoices, main's services behind it; main's",
    'outcome feed and handlers are the app\'s own (createOutcomeFeed, outcomeHandlers, an outcomes.sqlite in the data',
    "folder), reading the bench's receiver process (`npm run receiver`) on each store. Each invoice's callbacks",
    '(payment seen, processing, confirmed) are sent one at a time at random gaps of 50–350 ms, so that arrivals fall',
    "at every point of History's ask cycle. Latency: from the moment before a callback is sent to the first moment",
    'its row shows the new status (a MutationObserver in the page; one machine, one clock). It spans the POST, the',
    "durable store, History's next ask, main's signed GET /events, the outcome store, the IPC answer and React's",
    `render.${rounds > 1 ? ` ${rounds} rounds on each store, all callbacks together.` : ''}`,
    '',
    '| store | callbacks | p50 | p95 | p99 | max | not shown after 15 s |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Target: p99 under 1 s. ${verdicts.join('; ')}.`,
    '',
    `History asks main for its entries' outcomes every ${OUTCOMES_ASK_EVERY_MS} ms (OUTCOMES_ASK_EVERY_MS), and main reads the`,
    `receiver at most every ${OUTCOMES_PULL_EVERY_MS} ms however many screens ask. It asked every 2 s before: then a callback that`,
    'arrives just after an ask waits almost 2 s for the next one, so a p99 under 1 s could not be met by any receiver.',
    'A pull, not a stream, stays the design (README, "What became of it: callbacks"): the receiver holds no',
    'connection per desktop; an idle History costs two small signed GETs a second per desktop.',
  ].join('\n');
}
