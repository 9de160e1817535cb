import { parentPort, workerData } from 'node:worker_threads';
import { createDisputeReport } from './dispute.ts';
import type { DisputeReportInput } from './dispute.ts';

/**
 * The dispute report's worker thread (started by dispute-pdf.ts): builds the PDF off the main
 * thread, so that however long it takes, main keeps answering the window. Its own entry in the
 * build (electron.vite.config.ts), beside main.js. It gets its input once, answers once, and ends.
 */

const port = parentPort;
if (port) {
  createDisputeReport(workerData as DisputeReportInput).then(
    // pdf-lib answers a Uint8Array over a plain ArrayBuffer: handed over, not copied.
    (bytes) => port.postMessage({ ok: true, bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) => port.postMessage({ ok: false, reason: error instanceof Error ? error.message : String(error) }),
  );
}
