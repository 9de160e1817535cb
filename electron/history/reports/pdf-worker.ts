import { parentPort, workerData } from 'node:worker_threads';
import { parseWith } from '../../../shared/api/index.ts';
import { transactionAnswer } from '../../../shared/api/transaction.ts';
import type { Transaction, UnreadableParts } from '../../../shared/api/transaction.ts';
import { parseJsonLossless } from '../../../shared/money/index.ts';
import { createDisputeReport } from './dispute.ts';
import type { DisputeReportInput } from './dispute.ts';

/**
 * The dispute report's worker thread (started by dispute-pdf.ts): builds the PDF off the main
 * thread, so that however long it takes, main keeps answering the window. Its own entry in the
 * build (electron.vite.config.ts), beside main.js. It gets its input once, answers once, and ends.
 */

/** Reading a recorded lookup's answer (dispute-pdf.ts, readRecordedLookup) rather than making a report. */
export type ReadTask = { task: 'read'; raw: string };
export type RecordedLookup = { transaction: Transaction; unreadable: UnreadableParts };

const isReadTask = (data: unknown): data is ReadTask => typeof data === 'object' && data !== null && (data as { task?: unknown }).task === 'read';

/** The answer as the lookup read it, or null when it is not one. */
function readLookup(raw: string): RecordedLookup | null {
  let json: unknown;
  try {
    json = parseJsonLossless(raw);
  } catch {
    return null;
  }
  const parsed = parseWith(transactionAnswer, json);
  return parsed.ok ? { transaction: parsed.value.transaction, unreadable: parsed.value.unreadable } : null;
}

const port = parentPort;
const failure = (error: unknown) => ({ ok: false, reason: error instanceof Error ? error.message : String(error) });
if (port && isReadTask(workerData)) {
  try {
    port.postMessage({ ok: true, value: readLookup(workerData.raw) });
  } catch (error) {
    port.postMessage(failure(error));
  }
} else if (port) {
  createDisputeReport(workerData as DisputeReportInput).then(
    // pdf-lib answers a Uint8Array over a plain ArrayBuffer: handed over, not copied.
    (bytes) => port.postMessage({ ok: true, value: bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) => port.postMessage(failure(error)),
  );
}
