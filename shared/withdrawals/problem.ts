import { ruleMessage } from '../i18n/rule-message.ts';

/**
 * What is wrong with a withdrawal's destination, in words a person acts on, with the place of the
 * fault where one can be named (docs/withdrawals.md, "The address rules").
 */

export type ProblemCode =
  /** Nothing was entered, for an address or a tag the currency requires. */
  | 'required'
  /** A character no address or tag of the kind has: a space, an invisible one, a letter outside the alphabet. */
  | 'character'
  /** The address does not start as the currency's addresses do, or looks like another network's. */
  | 'prefix'
  /** Too short or too long for its kind. */
  | 'length'
  /** Upper and lower case mixed where the format forbids it (bech32). */
  | 'mixed-case'
  /** The checksum does not match: a character is wrong, swapped, missing or extra. */
  | 'checksum'
  /** A well-formed address that no wallet should have made (wrong bech32 variant, witness version or program). */
  | 'malformed'
  /** A test network's address where the main network's is needed. */
  | 'testnet'
  /** A tag that is not a number, or a memo that is not plain text. */
  | 'tag-format'
  /** A destination tag above 4294967295, the largest the XRP Ledger takes. */
  | 'tag-range'
  /** A tag for a currency that takes none. */
  | 'tag-unused';

export interface DestinationProblem {
  field: 'address' | 'tag';
  code: ProblemCode;
  /** A rule's message (shared/i18n/rule-message.ts), worded where it is shown. */
  message: string;
  /** 1-based position, among the characters as typed, of the one at fault; absent where none can be named. */
  position?: number;
}

/** The verdict on an address alone: `checksum` says whether its own checksum was verified. */
export type AddressVerdict = { ok: true; checksum: 'verified' | 'none' } | { ok: false; problem: DestinationProblem };

export function addressProblem(code: ProblemCode, message: string, position?: number): { ok: false; problem: DestinationProblem } {
  return { ok: false, problem: position === undefined ? { field: 'address', code, message } : { field: 'address', code, message, position } };
}

/** How a character is named in a message, as a rule's message a sentence takes as its `character`: quoted when it can be seen, described when not. */
export function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const as = (kind: string) => ruleMessage('rules.destination.character', { kind, code: name, char: character });
  if (character === ' ') return as('space');
  if (character === '\t') return as('tab');
  if (character === '\n' || character === '\r') return as('lineBreak');
  if (code < 0x20 || code === 0x7f) return as('control');
  if (/[\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u.test(character)) return as('invisible');
  return as('seen');
}
