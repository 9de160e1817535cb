import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transaction } from '../../../shared/api/transaction.ts';
import { failureOf } from '../../platform/api/test-fixtures.ts';
import { REPORT_LIMITS } from './dispute.ts';
import { pdfWorkerUrl, renderDisputeReport } from './dispute-pdf.ts';

/** The dispute report off the main thread and within bounds (docs/security.md, "Bounded answers"). */

const dir = mkdtempSync(join(tmpdir(), 'dispute-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (id: number) => ({ id, currency: 'BTC', transaction_type: 'blockchain', type: 'deposit', address: 'bc1q', amount: '0.001', txid: 'ab'.repeat(32) });
const base = { id: 4711, type: 'deposit', status: 'confirmed', fees: [], transactions: [entry(1)] };

function pdfText(bytes: Uint8Array): { text: string; pages: number } {
  const file = join(dir, `r-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return { text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }), pages };
}

describe('dispute report in a worker thread', () => {
  it('is built by pdf-worker.ts and reads back with pdftotext', async () => {
    const bytes = await renderDisputeReport({ transaction: transaction.parse(base), lookedUpAt: '2026-01-02T03:04:05.000Z', profileName: 'Main shop', raw: JSON.stringify(base) });
    const { text, pages } = pdfText(bytes);
    expect(text).toContain('Transaction 4711: dispute report');
    expect(text).toContain('Main shop');
    expect(pages).toBe(1);
  });

  it('stays within bounds for a padded hostile answer: capped text, capped entries, capped pages', async () => {
    const hostile = transaction.parse({
      ...base,
      transactions: Array.from({ length: 5000 }, (_, i) => entry(i + 1)),
      additional_details: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'y'.repeat(50_000)])),
      error: 'e'.repeat(1_000_000),
    });
    const raw = `{"padding":"${'z'.repeat(15 * 1024 * 1024)}"}`;
    const { text, pages } = pdfText(await renderDisputeReport({ transaction: hostile, lookedUpAt: '2026-01-02T03:04:05.000Z', profileName: 'P', raw }));
    expect(pages).toBeLessThanOrEqual(REPORT_LIMITS.pages);
    expect(text).toContain(`The report stops at ${REPORT_LIMITS.pages} pages`);
  });

  it('prints at most the limits of each part, and says what it left out', async () => {
    const many = transaction.parse({ ...base, transactions: Array.from({ length: REPORT_LIMITS.entries + 3 }, (_, i) => entry(i + 1)), error: 'e'.repeat(5000) });
    const { text } = pdfText(await renderDisputeReport({ transaction: many, lookedUpAt: '2026-01-02T03:04:05.000Z', profileName: 'P', raw: 'r'.repeat(REPORT_LIMITS.rawChars + 10) }));
    expect(text).toContain('... and 3 more entries, not printed.');
    expect(text.replace(/\s+/g, '')).toContain('(4000morecharactersnotprinted)');
    expect(text.replace(/\s+/g, '')).toContain('(10morecharactersnotprinted)');
  });

  it('ends a worker that takes too long, with a plain failure', async () => {
    const stuck = new URL('./testing/stuck-worker.ts', import.meta.url);
    const error = await failureOf(renderDisputeReport({ transaction: transaction.parse(base), lookedUpAt: 'x', profileName: 'P', raw: '' }, { workerUrl: stuck, timeLimitMs: 300 }));
    expect(error).toEqual({ kind: 'internal', message: 'The dispute report took longer than 0.3 s and was stopped.' });
  });

  it('turns a worker that cannot run into a plain failure, not a crash', async () => {
    const missing = new URL('./testing/no-such-worker.ts', import.meta.url);
    const error = await failureOf(renderDisputeReport({ transaction: transaction.parse(base), lookedUpAt: 'x', profileName: 'P', raw: '' }, { workerUrl: missing }));
    expect(error.kind).toBe('internal');
    expect(error.message).toMatch(/^The dispute report could not be/);
  });

  it('finds the worker beside itself: the .ts file from source, the built entry beside main.js', () => {
    expect(pdfWorkerUrl('file:///app/electron/history/reports/dispute-pdf.ts').pathname).toBe('/app/electron/history/reports/pdf-worker.ts');
    expect(pdfWorkerUrl('file:///app/resources/app.asar/out/main/main.js').pathname).toBe('/app/resources/app.asar/out/main/pdf-worker.js');
  });
});
