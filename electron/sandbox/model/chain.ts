import { encodeBase58Check, encodeSegwit } from '../../../shared/withdrawals/index.ts';
import { currencyInfo } from './market.ts';
import { randomDigits, randomHex } from './rng.ts';
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

/** A 20-byte hash, as an address carries one, with the version byte `version` before it when given. */
function hash160(data: SandboxData, version?: number): Uint8Array {
  const hex = randomHex(data, 40);
  const bytes = Array.from({ length: 20 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
  return Uint8Array.from(version === undefined ? bytes : [version, ...bytes]);
}

/**
 * A deposit address of the currency's network, with a valid checksum (shared/withdrawals checks
 * it like any other, so a withdrawal to it passes): a Bitcoin or Litecoin P2WPKH address, an
 * Ethereum address in lower case, a Tron address, and an XRP classic address with a 9-digit tag.
 */
export function newAddress(data: SandboxData, currency: string): { address: string; tag: string | null } {
  const info = currencyInfo(currency);
  switch (info?.network) {
    case 'btc':
      return { address: encodeSegwit('bc', 0, hash160(data)), tag: null };
    case 'ltc':
      return { address: encodeSegwit('ltc', 0, hash160(data)), tag: null };
    case 'evm':
      return { address: `0x${randomHex(data, 40)}`, tag: null };
    case 'tron':
      return { address: encodeBase58Check(hash160(data, 0x41), 'bitcoin'), tag: null };
    case 'xrp':
      return { address: encodeBase58Check(hash160(data, 0x00), 'xrp'), tag: randomDigits(data, 9) };
    default:
      throw new Error(`${currency} has no blockchain`);
  }
}
