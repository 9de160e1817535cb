import { currencyInfo } from './market.ts';
import { randomBase58, randomBech32, randomDigits, randomHex } from './rng.ts';
import type { SandboxData } from './types.ts';

/**
 * The make-believe blockchain: addresses per network, transaction hashes, and confirmations that
 * grow by one every CONFIRMATION_MS of the clock. CONFIRMATIONS_NEEDED confirm an on-chain entry.
 */

export const CONFIRMATION_MS = 10_000;
export const CONFIRMATIONS_NEEDED = 3;

export function confirmationsAt(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / CONFIRMATION_MS));
}

export function txHash(data: SandboxData): string {
  return randomHex(data, 64);
}

export function newAddress(data: SandboxData, currency: string): { address: string; tag: string | null } {
  const info = currencyInfo(currency);
  switch (info?.network) {
    case 'btc':
      return { address: `bc1q${randomBech32(data, 38)}`, tag: null };
    case 'ltc':
      return { address: `ltc1q${randomBech32(data, 38)}`, tag: null };
    case 'evm':
      return { address: `0x${randomHex(data, 40)}`, tag: null };
    case 'tron':
      return { address: `T${randomBase58(data, 33)}`, tag: null };
    case 'xrp':
      return { address: `r${randomBase58(data, 33)}`, tag: randomDigits(data, 9) };
    default:
      throw new Error(`${currency} has no blockchain`);
  }
}

const ADDRESS_FORMATS: Record<string, RegExp> = {
  btc: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  ltc: /^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  evm: /^0x[0-9a-fA-F]{40}$/,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  xrp: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
};

/** A loose format check, enough to catch an address of the wrong network or a mangled one. */
export function isAddressOf(currency: string, address: string): boolean {
  const network = currencyInfo(currency)?.network;
  const format = network === undefined ? undefined : ADDRESS_FORMATS[network];
  return format !== undefined && format.test(address);
}
