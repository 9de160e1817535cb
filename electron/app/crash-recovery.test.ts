import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../e2e/harness/keychain.ts';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { SandboxHandle } from '../sandbox/index.ts';
import { startSandbox } from '../sandbox/index.ts';
import { createMainServices } from './main-services.ts';
import { CRASH_INVOICE } from './testing/invoice-request.ts';

/**
 * Crash safety (README, "The journal"): the app is killed (SIGKILL, no chance to clean up) between sending an
 * invoice and its answer. On the next start the journal shows the operation as outcome unknown,
 * with its foreign_id and what to do; resubmitting the same foreign_id creates no second invoice.
 * A real child process, the real keychain, a real SQLite file and the real sandbox with latency.
 */

const MERCHANT = { key: 'crash-key', secret: 'crash-secret' };
const FOREIGN_ID = 'crash-invoice-1';
const CHILD = resolve(import.meta.dirname, 'testing/submit-and-wait.ts');
let dir: string;
let sb: SandboxHandle;
const keychainService = uniqueKeychainService('crash');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crash-'));
  sb = await startSandbox({ merchants: [MERCHANT], seed: 5 });
});
afterAll(async () => {
  await sb.close();
  await clearKeychainService(keychainService);
  rmSync(dir, { recursive: true, force: true });
});

/** The journal as another process sees it (WAL: committed rows are visible while the child runs). */
function pendingEntries(): number {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(join(dir, 'journal.sqlite'), { readOnly: true });
    return (db.prepare("SELECT count(*) AS n FROM entries WHERE state = 'pending' AND foreign_id = ?").get(FOREIGN_ID) as { n: number }).n;
  } catch {
    return 0; // the child has not created the journal yet
  } finally {
    db?.close();
  }
}

describe('a crash between sending and answering', () => {
  it('leaves the submission as outcome unknown on the next start, and a resubmission creates nothing twice', async () => {
    // The sandbox takes the request, creates the invoice, and holds the answer back for a long time.
    sb.setFault('/api/v2/invoices/create', { kind: 'latency', ms: 60_000, after: true });
    const child = spawn(process.execPath, [CHILD, dir, keychainService, sb.baseUrl, MERCHANT.key, MERCHANT.secret, FOREIGN_ID], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));

    // Until the request has reached the sandbox (which holds the answer back) and the journal has it pending.
    await vi.waitFor(
      () => {
        expect(pendingEntries()).toBe(1);
        expect(sb.state(MERCHANT.key).invoices.some((i) => i.foreign_id === FOREIGN_ID)).toBe(true);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(output).toContain('submitting');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(output).not.toContain('answered');
    sb.clearFaults();

    // The next start of the app, on the same data folder and keychain.
    const services = await createMainServices({ dataDir: dir, keychainService, log: () => {} });
    try {
      const attention = await services.router.handle('journal.attention', {});
      expect(attention.ok).toBe(true);
      const entries = (attention as { value: { entries: JournalEntry[] } }).value.entries;
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ operation: 'invoices.create', state: 'unknown', foreignId: FOREIGN_ID, title: 'Crash test', amount: '42.00' });
      expect(entries[0]?.message).toMatch(/look it up by its foreign id before trying again/i);

      // Resubmitting reuses the foreign_id: the service refuses the duplicate, and it is explained.
      const again = await services.router.handle('invoices.create', { ...CRASH_INVOICE, foreign_id: FOREIGN_ID });
      expect(again).toMatchObject({ ok: false, error: { kind: 'validation', fields: { foreign_id: expect.stringMatching(/already been taken/) } } });
      expect((again as { error: { message: string } }).error.message).toMatch(/no second one was made/);
      expect(sb.state(MERCHANT.key).invoices.filter((i) => i.foreign_id === FOREIGN_ID)).toHaveLength(1);
    } finally {
      await services.close();
    }
  });
});
