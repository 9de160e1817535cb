import type { Network } from './currencies.ts';
import { destinationRules } from './currencies.ts';
import { checkNetworkAddress } from './networks.ts';
import { describeCharacter } from './problem.ts';
import type { DestinationProblem } from './problem.ts';

/**
 * Where a withdrawal goes: its address, checked by its currency's format and checksum, and its tag
 * or memo where the currency takes one, before anything is drafted or sent (docs/withdrawals.md).
 * One checker for the console's form, main and the local sandbox alike.
 */

export interface DestinationOptions {
  /** Accept test networks' addresses too: only for a profile on the service's own sandbox. */
  testnets?: boolean;
}

export type DestinationCheck =
  | {
      ok: true;
      network: Network | null;
      /**
       * `verified`: the address's own checksum matched. `none`: its form carries none (an Ethereum
       * address in one case). `unchecked`: the console has no rules for the currency.
       */
      checksum: 'verified' | 'none' | 'unchecked';
      /** The tag as it is sent: text, or null for none. */
      tag: string | null;
      /** What a person should still do, for `none` and `unchecked`; null otherwise. */
      notice: string | null;
    }
  | { ok: false; problems: DestinationProblem[] };

/** The longest address taken; the longest of the known forms (a bech32 one) has 90. */
export const MAX_ADDRESS_LENGTH = 128;
/** The largest destination tag: the XRP Ledger's is an unsigned 32-bit number. */
export const MAX_DESTINATION_TAG = 4_294_967_295;
const MAX_MEMO_LENGTH = 128;

const problem = (field: DestinationProblem['field'], code: DestinationProblem['code'], message: string, position?: number): DestinationProblem =>
  position === undefined ? { field, code, message } : { field, code, message, position };

/** The first character no address has (outside printable ASCII), as a problem; characters are counted as a person sees them. */
function plainTextProblem(text: string, field: DestinationProblem['field'], what: string, spaces = false): DestinationProblem | null {
  const characters = [...text];
  const index = characters.findIndex((c) => !(spaces ? /^[\x20-\x7e]$/ : /^[\x21-\x7e]$/).test(c));
  if (index === -1) return null;
  const hint = index === 0 || index === characters.length - 1 ? ' Remove it (it may have come with the copy).' : '';
  return problem(field, 'character', `Character ${index + 1} of the ${what} is ${describeCharacter(characters[index] ?? '')}, which no ${what} contains.${hint}`, index + 1);
}

function addressProblemOf(currency: string, address: string, options: DestinationOptions): DestinationProblem | { network: Network | null; checksum: 'verified' | 'none' | 'unchecked' } {
  if (address === '') return problem('address', 'required', 'Enter the address the money goes to.');
  const plain = plainTextProblem(address, 'address', 'address');
  if (plain) return plain;
  if (address.length > MAX_ADDRESS_LENGTH) return problem('address', 'length', `The address is ${address.length} characters long; no address the console knows has more than ${MAX_ADDRESS_LENGTH}.`);
  const rules = destinationRules(currency);
  if (rules === null) {
    const index = [...address].findIndex((c) => !/^[A-Za-z0-9:._-]$/.test(c));
    if (index !== -1) {
      return problem('address', 'character', `Character ${index + 1} (${describeCharacter(address[index] ?? '')}) is not a letter, a digit or one of : . _ - and no address is expected to have it.`, index + 1);
    }
    return { network: null, checksum: 'unchecked' };
  }
  const verdict = checkNetworkAddress(currency, rules.network, address, { testnets: options.testnets === true });
  return verdict.ok ? { network: rules.network, checksum: verdict.checksum } : verdict.problem;
}

type TagInput = string | number | null | undefined;

function tagProblemOf(currency: string, tag: TagInput): DestinationProblem | { tag: string | null } {
  const rules = destinationRules(currency);
  let text: string | null;
  if (tag === null || tag === undefined || tag === '') text = null;
  else if (typeof tag === 'number') {
    if (!Number.isSafeInteger(tag) || tag < 0) return problem('tag', 'tag-format', 'The tag must be a whole number, 0 or more.');
    text = String(tag);
  } else text = tag;
  const code = currency.trim().toUpperCase();
  if (rules?.tag === 'none') {
    if (text === null) return { tag: null };
    return problem('tag', 'tag-unused', `${code} takes no tag or memo: leave it empty. A recipient who asks for one may have given an address on another network.`);
  }
  if (rules?.tag === 'destination-tag') {
    if (text === null) {
      return problem('tag', 'required', `Enter the destination tag that came with the address: ${code} sent without the one an exchange or a shared wallet expects is lost.`);
    }
    const index = [...text].findIndex((c) => !/^[0-9]$/.test(c));
    if (index !== -1) {
      return problem('tag', 'tag-format', `Character ${index + 1} of the tag (${describeCharacter([...text][index] ?? '')}) is not a digit: a destination tag is a whole number.`, index + 1);
    }
    if (text.length > 10 || Number(text) > MAX_DESTINATION_TAG) {
      return problem('tag', 'tag-range', `The destination tag is at most ${MAX_DESTINATION_TAG}; ${text} is more. Check it with the recipient.`);
    }
    return { tag: text };
  }
  // No rules for the currency: a memo is taken as plain text, as typed.
  if (text === null) return { tag: null };
  const plain = plainTextProblem(text, 'tag', 'tag', true);
  if (plain) return plain;
  if (text.length > MAX_MEMO_LENGTH || text !== text.trim()) {
    return problem('tag', 'tag-format', text !== text.trim() ? 'The memo starts or ends with a space: remove it.' : `The memo is ${text.length} characters long; the console takes at most ${MAX_MEMO_LENGTH}.`);
  }
  return { tag: text };
}

/**
 * Checks where a withdrawal of `currency` goes: `address`, and `tag` (a destination tag or memo;
 * empty, null or absent for none). The answer names at most one problem per field, in the words
 * a person acts on, with the 1-based position of the character at fault where it can be told.
 */
export function checkDestination(currency: string, address: string, tag: TagInput, options: DestinationOptions = {}): DestinationCheck {
  const addressPart = addressProblemOf(currency, address, options);
  const tagPart = tagProblemOf(currency, tag);
  const problems = [addressPart, tagPart].filter((p): p is DestinationProblem => 'field' in p);
  if (problems.length > 0 || 'field' in addressPart || 'field' in tagPart) return { ok: false, problems };
  const notice =
    addressPart.checksum === 'none'
      ? 'This address is written all in one case, so it carries no checksum: compare it with its source character by character before you send.'
      : addressPart.checksum === 'unchecked'
        ? `The console has no address rules for ${currency.trim().toUpperCase()}, so it checked only that the address is plain text: compare it with its source character by character before you send.`
        : null;
  return { ok: true, network: addressPart.network, checksum: addressPart.checksum, tag: tagPart.tag, notice };
}
