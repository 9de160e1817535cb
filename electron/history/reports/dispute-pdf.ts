import { Worker } from 'node:worker_threads';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { DisputeReportInput } from './dispute.ts';
import type { ReadTask, RecordedLookup } from './pdf-worker.ts';

/**
 * Builds a dispute report in a worker thread (pdf-worker.ts) and answers its bytes. The main
 * thread only starts the worker and copies nothing but the input in and the PDF out, so a large
 * answer in the journal never freezes the window (it took 67 s for 15 MiB when it ran on main;
 * docs/security.md, "Bounded answers").
 * The worker has a memory ceiling and a time limit; past either it is ended, and the person gets a
 * plain failure instead of a frozen or crashed app.
 */

const REPORT_TIME_LIMIT_MS = 30_000;
/** V8 heap of the worker: far above what a bounded report needs (dispute.ts, REPORT_LIMITS). */
const WORKER_HEAP_MB = 256;

/**
 * Where the worker's code is: beside this module. From source (Node, the tests) that is
 * pdf-worker.ts next to this file; in the build, this module is inside out/main/main.js and the
 * worker is its own entry, out/main/pdf-worker.js (electron.vite.config.ts).
 */
export function pdfWorkerUrl(moduleUrl: string = import.meta.url): URL {
  return new URL(moduleUrl.endsWith('.ts') ? './pdf-worker.ts' : './pdf-worker.js', moduleUrl);
}

type WorkerAnswer<T> = { ok: true; value: T } | { ok: false; reason: string };
type WorkerOptions = { workerUrl?: URL; timeLimitMs?: number };

const failed = (message: string) => new AppFailure({ kind: 'internal', message });

export function renderDisputeReport(input: DisputeReportInput, options: WorkerOptions = {}): Promise<Uint8Array> {
  return inWorker<Uint8Array>(input, options, 'The dispute report could not be made from this lookup.');
}

/**
 * A recorded lookup's answer read as the lookup read it (a fee or entry that cannot be read set
 * aside), in the worker too: the journal's text may be the 64 KiB it keeps, and a team journal's row
 * was written by others; parsing it is no work for main. Null: it is not a lookup's answer.
 */
export function readRecordedLookup(raw: string, options: WorkerOptions = {}): Promise<RecordedLookup | null> {
  return inWorker<RecordedLookup | null>({ task: 'read', raw } satisfies ReadTask, options, 'The recorded lookup could not be read.');
}

/** One task in a worker of its own, within the time and memory bounds above. */
function inWorker<T>(workerData: unknown, options: WorkerOptions, failure: string): Promise<T> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(options.workerUrl ?? pdfWorkerUrl(), {
        workerData,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
    } catch {
      reject(failed('The dispute report could not be started.'));
      return;
    }
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(failed(`The dispute report took longer than ${(options.timeLimitMs ?? REPORT_TIME_LIMIT_MS) / 1000} s and was stopped.`))),
      options.timeLimitMs ?? REPORT_TIME_LIMIT_MS,
    );
    worker.once('message', (answer: WorkerAnswer<T>) => settle(() => (answer.ok ? resolve(answer.value) : reject(failed(failure)))));
    worker.once('error', () => settle(() => reject(failed('The dispute report could not be made: its worker failed.'))));
    worker.once('exit', () => settle(() => reject(failed('The dispute report could not be made: its worker stopped without a report.'))));
  });
}
