import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { addressProblem, COPY_AGAIN, describeCharacter } from './problem.ts';
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
    if (address.startsWith('0X')) return addressProblem('prefix', `An ${label} address starts with "0x", with a small x.`, 2);
    if (/^[0-9a-fA-F]{40}$/.test(address)) return addressProblem('prefix', `An ${label} address starts with "0x": this one has its 40 hex digits without it. Copy the whole address from its source.`, 1);
    return addressProblem('prefix', `An ${label} address starts with "0x".`, 1);
  }
  for (let i = 2; i < address.length; i += 1) {
    const c = address[i] ?? '';
    if (!HEX.test(c)) return addressProblem('character', `Character ${i + 1} (${describeCharacter(c)}) is not a hex digit (0-9, a-f): an ${label} address has only those after "0x".`, i + 1);
  }
  const digits = address.length - 2;
  if (digits !== 40) {
    return addressProblem('length', `An ${label} address has 40 hex digits after "0x"; this one has ${digits}. Copy it again from its source.`);
  }
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return { ok: true, checksum: 'none' };
  const expected = toChecksumAddress(address);
  const wrongCase = [...address].flatMap((c, i) => (c !== expected[i] ? [i] : []));
  if (wrongCase.length === 0) return { ok: true, checksum: 'verified' };
  const only = wrongCase.length === 1 ? wrongCase[0] : undefined;
  if (only !== undefined) {
    const c = address[only] ?? '';
    return addressProblem(
      'checksum',
      `Character ${only + 1} ("${c}") should be in ${c === c.toLowerCase() ? 'upper' : 'lower'} case by the address's checksum (EIP-55): the address was changed or mistyped. ${COPY_AGAIN}`,
      only + 1,
    );
  }
  const wrong = wrongDigit(address);
  if (wrong !== null) {
    return addressProblem('checksum', `Character ${wrong + 1} ("${address[wrong] ?? ''}") looks wrong: the case of the letters does not match the address's checksum (EIP-55). ${COPY_AGAIN}`, wrong + 1);
  }
  return addressProblem('checksum', `The case of the letters does not match the address's checksum (EIP-55): the address was changed or mistyped. ${COPY_AGAIN}`);
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
