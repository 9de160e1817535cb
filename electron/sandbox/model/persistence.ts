import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseJsonLossless, stringifyJson } from '../../../shared/money/index.ts';
import { initialMarket } from './market.ts';
import type { SandboxData } from './types.ts';

/**
 * The state lives in memory and can be saved to a JSON file and loaded back (stateFile option,
 * saveState/loadState on the handle). Everything in SandboxData is plain JSON: amounts are strings,
 * numbers are ids, counters and epoch milliseconds; preloaded examples keep their answer text.
 * The file holds the merchants' keys and secrets: they are sandbox credentials, but the file is
 * still written readable by its owner only.
 */

export function initialData(seed: number): SandboxData {
  return {
    version: 1,
    merchants: [],
    nextTransactionId: 134_700_001,
    nextEntryId: 500_001,
    nextInvoiceId: 826_901,
    nextAddressId: 40_001,
    rng: (seed ^ 0x5eed) | 0,
    market: initialMarket(seed),
    quotes: [],
    invoices: [],
    addresses: [],
    transactions: [],
  };
}

/** Writes atomically: a temporary file renamed over the old one. */
export function saveData(data: SandboxData, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, stringifyJson(data), { mode: 0o600 });
  renameSync(temporary, path);
}

const ARRAYS = ['merchants', 'quotes', 'invoices', 'addresses', 'transactions'] as const;
const COUNTERS = ['nextTransactionId', 'nextEntryId', 'nextInvoiceId', 'nextAddressId', 'rng'] as const;

export function loadData(path: string): SandboxData {
  const value = parseJsonLossless(readFileSync(path, 'utf8')) as Partial<SandboxData> | null;
  if (typeof value !== 'object' || value === null || value.version !== 1) {
    throw new Error(`${path} is not a saved sandbox state (version 1)`);
  }
  for (const key of ARRAYS) {
    if (!Array.isArray(value[key])) throw new Error(`${path}: "${key}" is missing or not a list`);
  }
  for (const key of COUNTERS) {
    if (typeof value[key] !== 'number') throw new Error(`${path}: "${key}" is missing or not a number`);
  }
  if (typeof value.market !== 'object' || value.market === null) throw new Error(`${path}: "market" is missing`);
  return value as SandboxData;
}

export function loadDataIfPresent(path: string): SandboxData | null {
  return existsSync(path) ? loadData(path) : null;
}
