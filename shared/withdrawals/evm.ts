import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { ruleMessage } from '../i18n/rule-message.ts';
import { addressProblem, describeCharacter } from './problem.ts';
import type { AddressVerdict } from './problem.ts';

/**
 * Ethereum addresses, for ether and the tokens on Ethereum: "0x" and 40 hex digits. Written in
 * mixed case, the case of each letter is a checksum (EIP-55): upper case where the matching hex
 * digit of the Keccak-256 hash of the lower-case address is 8 or more. All lower or all upper
 * case carries no checksum, so such an address passes with `checksum: 'none'`.
 */

const HEX = /^[0-9a-fA-F]$/;

/** The address (0x and 40 hex digits) in its EIP-55 mixed case. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(utf8ToBytes(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const c = lower[i] ?? '';
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function checkEvm(address: string, label: string): AddressVerdict {
  if (!address.startsWith('0x')) {
    if (address.startsWith('0X')) return addressProblem('prefix', ruleMessage('rules.address.evmSmallX', { label }), 2);
    if (/^[0-9a-fA-F]{40}$/.test(address)) return addressProblem('prefix', ruleMessage('rules.address.evmWithoutPrefix', { label }), 1);
    return addressProblem('prefix', ruleMessage('rules.address.evmPrefix', { label }), 1);
  }
  for (let i = 2; i < address.length; i += 1) {
    const c = address[i] ?? '';
    if (!HEX.test(c)) return addressProblem('character', ruleMessage('rules.address.evmCharacter', { n: i + 1, character: describeCharacter(c), label }), i + 1);
  }
  const digits = address.length - 2;
  if (digits !== 40) {
    return addressProblem('length', ruleMessage('rules.address.evmLength', { label, digits }));
  }
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return { ok: true, checksum: 'none' };
  const expected = toChecksumAddress(address);
  const wrongCase = [...address].flatMap((c, i) => (c !== expected[i] ? [i] : []));
  if (wrongCase.length === 0) return { ok: true, checksum: 'verified' };
  const only = wrongCase.length === 1 ? wrongCase[0] : undefined;
  if (only !== undefined) {
    const c = address[only] ?? '';
    return addressProblem('checksum', ruleMessage('rules.address.evmCase', { n: only + 1, char: c, case: c === c.toLowerCase() ? 'upper' : 'lower' }), only + 1);
  }
  const wrong = wrongDigit(address);
  if (wrong !== null) {
    return addressProblem('checksum', ruleMessage('rules.address.evmDigit', { n: wrong + 1, char: address[wrong] ?? '' }), wrong + 1);
  }
  return addressProblem('checksum', ruleMessage('rules.address.evmChecksum'));
}

/** Letters needed before a changed digit is looked for: with fewer, a wrong place would match by chance too often. */
const LETTERS_TO_LOCATE = 16;

/**
 * The index of the one hex digit whose change makes every other letter's case match the checksum,
 * or null when none does or several do. One digit changed changes the whole hash, so the case
 * faults are everywhere but there.
 */
function wrongDigit(address: string): number | null {
  const letters = [...address.slice(2)].filter((c) => /[a-fA-F]/.test(c)).length;
  if (letters < LETTERS_TO_LOCATE) return null;
  const lower = address.toLowerCase();
  const found = new Set<number>();
  for (let i = 2; i < address.length; i += 1) {
    for (const digit of '0123456789abcdef') {
      if (digit === lower[i]) continue;
      const expected = toChecksumAddress(lower.slice(0, i) + digit + lower.slice(i + 1));
      let matches = true;
      for (let j = 2; j < address.length && matches; j += 1) if (j !== i && address[j] !== expected[j]) matches = false;
      if (matches) found.add(i);
    }
  }
  const [only, ...others] = found;
  return only !== undefined && others.length === 0 ? only : null;
}
