import { bech32, bech32m } from '@scure/base';
import { ruleMessage } from '../i18n/rule-message.ts';
import { checksumProblem, locateFault } from './locate.ts';
import { addressProblem, describeCharacter } from './problem.ts';
import type { AddressVerdict } from './problem.ts';

/**
 * Segwit addresses (BIP-173 bech32 for witness version 0, BIP-350 bech32m for versions 1 to 16),
 * checked with @scure/base's codecs: the prefix (`bc` for Bitcoin, `ltc` for Litecoin, and their
 * test networks'), one case throughout, the bech32 alphabet, the checksum of the variant the
 * version calls for, and the witness program's length (BIP-141).
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

type Decoded = { prefix: string; words: number[] };

/** BIP-173's checksum generator, over the prefix and the data's 5-bit values. */
function polymod(values: Iterable<number>): number {
  const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= GENERATORS[i] ?? 0;
  }
  return chk;
}

/**
 * Whether `text` (lower case, `hrp` then "1") has a bech32 or bech32m checksum: a quick sieve for
 * the thousands of candidates locateFault tries, each one it lets through then decoded by the library.
 */
function checksumFits(text: string, hrp: string): boolean {
  const values: number[] = [];
  for (const c of hrp) values.push(c.charCodeAt(0) >> 5);
  values.push(0);
  for (const c of hrp) values.push(c.charCodeAt(0) & 31);
  for (let i = hrp.length + 1; i < text.length; i += 1) {
    const value = CHARSET.indexOf(text[i] ?? '');
    if (value === -1) return false;
    values.push(value);
  }
  const residue = polymod(values);
  return residue === 1 || residue === 0x2bc830a3;
}

/** The address decoded, when its checksum is the one its witness version calls for. */
function decodeRight(text: string): Decoded | null {
  const classic = bech32.decodeUnsafe(text);
  if (classic && classic.words[0] === 0) return classic;
  const modern = bech32m.decodeUnsafe(text);
  if (modern && modern.words[0] !== undefined && modern.words[0] >= 1) return modern;
  return null;
}

/** The address decoded under the variant its version does not call for (a faulty wallet's). */
function decodeWrongVariant(text: string): Decoded | null {
  const classic = bech32.decodeUnsafe(text);
  if (classic && classic.words[0] !== undefined && classic.words[0] >= 1) return classic;
  const modern = bech32m.decodeUnsafe(text);
  if (modern && modern.words[0] === 0) return modern;
  return null;
}

function programProblem(words: number[], label: string): AddressVerdict | null {
  const version = words[0] ?? 0;
  if (version > 16) return addressProblem('malformed', ruleMessage('rules.address.witnessVersion', { version, label }));
  const program = bech32.fromWordsUnsafe(words.slice(1));
  if (!program) return addressProblem('malformed', ruleMessage('rules.address.wholeByte', { label }));
  if (program.length < 2 || program.length > 40 || (version === 0 && program.length !== 20 && program.length !== 32)) {
    return addressProblem('malformed', ruleMessage('rules.address.programLength', { bytes: program.length, version, label }));
  }
  return null;
}

/** A segwit address of `program` (bytes) under witness `version`, in the variant the version calls for. */
export function encodeSegwit(hrp: string, version: number, program: Uint8Array): string {
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode(hrp, words) : bech32m.encode(hrp, words);
}

/**
 * Checks `address`, which starts with `hrp` and "1" in either case; `label` names its kind in
 * messages ("Bitcoin bc1"). Witness versions 1 to 16 are taken as BIP-350 defines them, so a
 * Taproot (version 1) address passes.
 */
export function checkSegwit(address: string, hrp: string, label: string): AddressVerdict {
  const hasLower = address !== address.toUpperCase();
  const hasUpper = address !== address.toLowerCase();
  if (hasLower && hasUpper) {
    const firstIsLower = address[0] === address[0]?.toLowerCase();
    const index = [...address].findIndex((c) => c.toLowerCase() !== c.toUpperCase() && (c === c.toLowerCase()) !== firstIsLower);
    return addressProblem('mixed-case', ruleMessage('rules.address.mixedCase', { n: index + 1, label }), index + 1);
  }
  const text = address.toLowerCase();
  const dataStart = hrp.length + 1;
  for (let i = dataStart; i < text.length; i += 1) {
    const c = text[i] ?? '';
    if (!CHARSET.includes(c)) {
      return addressProblem('character', ruleMessage('rules.address.bech32Character', { n: i + 1, character: describeCharacter(address[i] ?? ''), label, hrp }), i + 1);
    }
  }
  const decoded = decodeRight(text);
  if (decoded) return programProblem(decoded.words, label) ?? { ok: true, checksum: 'verified' };
  if (decodeWrongVariant(text)) {
    return addressProblem('malformed', ruleMessage('rules.address.wrongVariant'));
  }
  // 6 checksum characters, the version and at least 2 program bytes (4 characters); at most 40 bytes (64).
  const dataLength = text.length - dataStart;
  const fault = locateFault(text, dataStart, CHARSET, (candidate) => checksumFits(candidate, hrp) && decodeRight(candidate)?.prefix === hrp);
  if (fault === null && dataLength < 11) return addressProblem('length', ruleMessage('rules.address.tooShort', { length: address.length, label }));
  if (fault === null && dataLength > 71) return addressProblem('length', ruleMessage('rules.address.tooLong', { length: address.length, label }));
  return checksumProblem(address, fault);
}
