import type { SandboxData, TransactionRecord } from './types.ts';

/**
 * The transaction store's ids and lookup keys. Every transaction the sandbox makes (exchange,
 * withdrawal, deposit, preloaded example) takes its ids here, and transactions/info finds it by
 * the same keys, so the endpoints and the payments share one store without importing each other.
 */

export function nextTransactionIds(data: SandboxData): { id: number; entryId: number } {
  const id = data.nextTransactionId;
  data.nextTransactionId += 1;
  return { id, entryId: nextEntryId(data) };
}

export function nextEntryId(data: SandboxData): number {
  const entryId = data.nextEntryId;
  data.nextEntryId += 1;
  return entryId;
}

/** The foreign_id a transaction is found by; deposits are found by `id` only (spec 4.1). */
export function foreignIdOf(record: TransactionRecord): string | null {
  if (record.kind === 'deposit') return null;
  return record.foreignId;
}

/** foreign_id is unique per merchant among the transactions it can be looked up by. */
export function foreignIdTaken(data: SandboxData, merchantKey: string, foreignId: string): boolean {
  return data.transactions.some((t) => t.merchantKey === merchantKey && foreignIdOf(t) === foreignId);
}

export function txidsOf(record: TransactionRecord): string[] {
  if (record.kind === 'static') return record.txid === null ? [] : [record.txid];
  if (record.kind === 'exchange' || record.txid === null) return [];
  return [record.txid];
}
