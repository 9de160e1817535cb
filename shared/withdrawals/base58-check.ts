import { sha256 } from '@noble/hashes/sha2.js';
import { base58, base58xrp } from '@scure/base';
import { ruleMessage } from '../i18n/rule-message.ts';
import { checksumProblem, locateFault } from './locate.ts';
import { addressProblem, describeCharacter } from './problem.ts';

/**
 * Base58check addresses: a version byte and a 20-byte hash, then the first 4 bytes of the
 * double SHA-256 of both. Bitcoin's and Litecoin's legacy addresses and Tron's use Bitcoin's
 * alphabet; the XRP Ledger's classic addresses use its own ordering of the same 58 characters
 * (@scure/base's base58xrp), which is why they start with "r".
 */

export type Alphabet = 'bitcoin' | 'xrp';

const CODERS = { bitcoin: base58, xrp: base58xrp } as const;
const ALPHABETS: Record<Alphabet, string> = {
  bitcoin: '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
  xrp: 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz',
};

/** Version byte and 20-byte hash. */
const PAYLOAD_BYTES = 21;

function doubleSha256(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes));
}

/** The version and hash of `text`, or null when it does not decode to them with a matching checksum. */
export function decodeBase58Check(text: string, alphabet: Alphabet): Uint8Array | null {
  let bytes: Uint8Array;
  try {
    bytes = CODERS[alphabet].decode(text);
  } catch {
    return null;
  }
  if (bytes.length !== PAYLOAD_BYTES + 4) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const sum = doubleSha256(payload);
  for (let i = 0; i < 4; i += 1) if (sum[i] !== bytes[PAYLOAD_BYTES + i]) return null;
  return payload;
}

/** `payload` (version and hash) written with its checksum: for tests and the sandbox's own addresses. */
export function encodeBase58Check(payload: Uint8Array, alphabet: Alphabet): string {
  const sum = doubleSha256(payload).subarray(0, 4);
  const bytes = new Uint8Array(payload.length + 4);
  bytes.set(payload);
  bytes.set(sum, payload.length);
  return CODERS[alphabet].encode(bytes);
}

export type Base58Verdict = { ok: true; version: number } | ReturnType<typeof addressProblem>;

/** Checks the alphabet and the checksum of `address`; `label` names its kind in messages ("Tron"). */
export function checkBase58(address: string, alphabet: Alphabet, label: string): Base58Verdict {
  const chars = ALPHABETS[alphabet];
  for (let i = 0; i < address.length; i += 1) {
    const c = address[i] ?? '';
    if (!chars.includes(c)) {
      return addressProblem('character', ruleMessage('rules.address.base58Character', { n: i + 1, character: describeCharacter(c), label }), i + 1);
    }
  }
  const payload = decodeBase58Check(address, alphabet);
  if (payload) return { ok: true, version: payload[0] ?? 0 };
  // 21 bytes and a 4-byte checksum take 25 to 35 characters (each leading zero byte is one); one
  // character more or less may still be a single fault to locate, anything further is not.
  const wrongLength = () => addressProblem('length', ruleMessage(address.length < 25 ? 'rules.address.tooShort' : 'rules.address.tooLong', { length: address.length, label }));
  if (address.length < 24 || address.length > 36) return wrongLength();
  // The first character carries the version: a fault there is a wrong prefix, found before this.
  const fault = locateFault(address, 1, chars, (candidate) => decodeBase58Check(candidate, alphabet) !== null);
  if (fault === null && (address.length < 25 || address.length > 35)) return wrongLength();
  return checksumProblem(address, fault);
}
