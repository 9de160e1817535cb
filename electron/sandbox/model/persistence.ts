import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseJsonLossless, stringifyJson } from '../../../shared/money/index.ts';
import { initialMarket } from './market.ts';
import type { SandboxData } from './types.ts';

/**
 * The state lives in memory and can be saved to a JSON file and loaded back (stateFile option,
 * saveState/loadState on the handle). Everything in SandboxData is plain JSON: amounts are strings,
 * numbers are ids, counters and epoch milliseconds; preloaded examples keep their answer text.
 * The file holds the merchants' keys and secrets unless they are left out (credential-free-state.ts,
 * as the app's own sandbox does); either way it is written readable by its owner only.
 */

/** Where each kind's ids start: ranges far apart, so that an id alone tells its kind (id-floor.ts). */
export const FIRST_IDS = {
  nextTransactionId: 134_700_001,
  nextEntryId: 500_001,
  nextInvoiceId: 826_901,
  nextAddressId: 40_001,
} as const;

export function initialData(seed: number): SandboxData {
  return {
    version: 1,
    merchants: [],
    ...FIRST_IDS,
    rng: (seed ^ 0x5eed) | 0,
    market: initialMarket(seed),
    quotes: [],
    invoices: [],
    addresses: [],
    transactions: [],
  };
}

/**
 * Writes atomically and durably: a temporary file, flushed to the disk, renamed over the old one,
 * then the folder flushed so that the rename itself survives a power cut. A crash at any point
 * leaves either the whole old state or the whole new one, never a part; and since the server
 * answers only after this returns, every id a client was given is in the file.
 */
export function saveData(data: SandboxData, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const file = openSync(temporary, 'w', 0o600);
  try {
    writeSync(file, stringifyJson(data));
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
  renameSync(temporary, path);
  flushFolder(dirname(path));
}

/** Some systems (Windows) cannot open a folder to flush it; there the rename is as durable as they make it. */
function flushFolder(folder: string): void {
  let handle: number | null = null;
  try {
    handle = openSync(folder, 'r');
    fsyncSync(handle);
  } catch {
    // nothing more to do on such a system
  } finally {
    if (handle !== null) closeSync(handle);
  }
}

const ARRAYS = ['merchants', 'quotes', 'invoices', 'addresses', 'transactions'] as const;
const COUNTERS = ['nextTransactionId', 'nextEntryId', 'nextInvoiceId', 'nextAddressId', 'rng'] as const;

/** A state file of a later state version: whole, but not for this version to read or overwrite. */
export class NewerStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NewerStateError';
  }
}

export function loadData(path: string): SandboxData {
  const value = parseJsonLossless(readFileSync(path, 'utf8')) as Partial<SandboxData> | null;
  if (typeof value !== 'object' || value === null || typeof value.version !== 'number') {
    throw new Error(`${path} is not a saved sandbox state (version 1)`);
  }
  if (value.version > 1) throw new NewerStateError(`${path} was saved by a newer version (state version ${value.version}); this one reads version 1`);
  if (value.version !== 1) throw new Error(`${path} is not a saved sandbox state (version 1)`);
  for (const key of ARRAYS) {
    if (!Array.isArray(value[key])) throw new Error(`${path}: "${key}" is missing or not a list`);
  }
  for (const key of COUNTERS) {
    if (typeof value[key] !== 'number') throw new Error(`${path}: "${key}" is missing or not a number`);
  }
  if (typeof value.market !== 'object' || value.market === null) throw new Error(`${path}: "market" is missing`);
  return value as SandboxData;
}
