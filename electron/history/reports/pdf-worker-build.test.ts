import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../../shared/api/transaction.ts';
import { renderDisputeReport } from './dispute-pdf.ts';

/**
 * The build ships the worker: electron-vite emits out/main/pdf-worker.js beside main.js, main.js
 * looks for it there, and the built worker makes a report. Built into a folder of its own inside
 * the project (so that pdf-lib resolves from node_modules as in the package), then removed.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const OUT = join(ROOT, 'out', `.pdf-worker-build-test-${process.pid}`);

beforeAll(() => {
  const cli = join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  execFileSync(process.execPath, [cli, 'build', '--outDir', OUT, '--logLevel', 'error'], { cwd: ROOT, stdio: 'pipe' });
}, 120_000);
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the built dispute report worker', () => {
  it('is emitted beside main.js, which points at it', () => {
    expect(existsSync(join(OUT, 'main', 'pdf-worker.js'))).toBe(true);
    expect(readFileSync(join(OUT, 'main', 'main.js'), 'utf8')).toContain('"./pdf-worker.js"');
  });

  it('makes a report', async () => {
    const tx = transaction.parse({ id: 9, status: 'confirmed', fees: [], transactions: [] });
    const bytes = await renderDisputeReport({ transaction: tx, lookedUpAt: 'x', profileName: 'P', raw: '{}' }, { workerUrl: pathToFileURL(join(OUT, 'main', 'pdf-worker.js')) });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });
});
