import { createMainServices } from '../main-services.ts';
import { CRASH_INVOICE } from './invoice-request.ts';

/**
 * A child process for the crash test (crash-recovery.test.ts): the real main-process services on
 * a data folder, a profile pointing at the parent's sandbox, and one invoice submission whose
 * answer the sandbox holds back. The parent kills this process with SIGKILL while it waits.
 *   node submit-and-wait.ts <dataDir> <keychainService> <baseUrl> <apiKey> <secret> <foreignId>
 */

const [dataDir, keychainService, baseUrl, apiKey, secret, foreignId] = process.argv.slice(2);
if (!dataDir || !keychainService || !baseUrl || !apiKey || !secret || !foreignId) {
  console.error('usage: submit-and-wait.ts <dataDir> <keychainService> <baseUrl> <apiKey> <secret> <foreignId>');
  process.exit(2);
}

const services = await createMainServices({ dataDir, keychainService, log: () => {} });
const saved = await services.router.handle('profiles.save', { name: 'Crash shop', baseUrl, apiKey, secret });
if (!saved.ok) throw new Error(`profiles.save: ${saved.error.message}`);
const selected = await services.router.handle('profiles.select', { id: (saved.value as { id: string }).id });
if (!selected.ok) throw new Error(`profiles.select: ${selected.error.message}`);

console.log('submitting');
const answer = await services.router.handle('invoices.create', { ...CRASH_INVOICE, foreign_id: foreignId });
// Reached only if the parent did not kill us in time.
console.log('answered', JSON.stringify(answer.ok));
await services.close();
