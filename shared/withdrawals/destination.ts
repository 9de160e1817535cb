import type { Network } from './currencies.ts';
import { destinationRules } from './currencies.ts';
import { ruleMessage } from '../i18n/rule-message.ts';
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
      /** What a person should still do, for `none` and `unchecked`, as a rule's message worded where it is shown; null otherwise. */
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
function plainTextProblem(text: string, field: DestinationProblem['field'], spaces = false): DestinationProblem | null {
  const characters = [...text];
  const index = characters.findIndex((c) => !(spaces ? /^[\x20-\x7e]$/ : /^[\x21-\x7e]$/).test(c));
  if (index === -1) return null;
  // At either end it may have come with the copy: the message says to remove it.
  const id = index === 0 || index === characters.length - 1 ? 'rules.destination.characterAtEdge' : 'rules.destination.characterOf';
  return problem(field, 'character', ruleMessage(id, { what: field, n: index + 1, character: describeCharacter(characters[index] ?? '') }), index + 1);
}

function addressProblemOf(currency: string, address: string, options: DestinationOptions): DestinationProblem | { network: Network | null; checksum: 'verified' | 'none' | 'unchecked' } {
  if (address === '') return problem('address', 'required', ruleMessage('rules.destination.addressRequired'));
  const plain = plainTextProblem(address, 'address');
  if (plain) return plain;
  if (address.length > MAX_ADDRESS_LENGTH) return problem('address', 'length', ruleMessage('rules.destination.tooLong', { length: address.length, max: MAX_ADDRESS_LENGTH }));
  const rules = destinationRules(currency);
  if (rules === null) {
    const index = [...address].findIndex((c) => !/^[A-Za-z0-9:._-]$/.test(c));
    if (index !== -1) {
      return problem('address', 'character', ruleMessage('rules.destination.unknownCharacter', { n: index + 1, character: describeCharacter(address[index] ?? '') }), index + 1);
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
    if (!Number.isSafeInteger(tag) || tag < 0) return problem('tag', 'tag-format', ruleMessage('rules.destination.tagWhole'));
    text = String(tag);
  } else text = tag;
  const code = currency.trim().toUpperCase();
  if (rules?.tag === 'none') {
    if (text === null) return { tag: null };
    return problem('tag', 'tag-unused', ruleMessage('rules.destination.tagUnused', { code }));
  }
  if (rules?.tag === 'destination-tag') {
    if (text === null) {
      return problem('tag', 'required', ruleMessage('rules.destination.tagRequired', { code }));
    }
    const index = [...text].findIndex((c) => !/^[0-9]$/.test(c));
    if (index !== -1) {
      return problem('tag', 'tag-format', ruleMessage('rules.destination.tagDigit', { n: index + 1, character: describeCharacter([...text][index] ?? '') }), index + 1);
    }
    if (text.length > 10 || Number(text) > MAX_DESTINATION_TAG) {
      return problem('tag', 'tag-range', ruleMessage('rules.destination.tagRange', { max: String(MAX_DESTINATION_TAG), tag: text }));
    }
    return { tag: text };
  }
  // No rules for the currency: a memo is taken as plain text, as typed.
  if (text === null) return { tag: null };
  const plain = plainTextProblem(text, 'tag', true);
  if (plain) return plain;
  if (text.length > MAX_MEMO_LENGTH || text !== text.trim()) {
    return problem('tag', 'tag-format', text !== text.trim() ? ruleMessage('rules.destination.memoSpace') : ruleMessage('rules.destination.memoLong', { length: text.length, max: MAX_MEMO_LENGTH }));
  }
  return { tag: text };
}

/**
 * Checks where a withdrawal of `currency` goes: `address`, and `tag` (a destination tag or memo;
 * empty, null or absent for none). The answer names at most one problem per field, in the words
 * a person acts on (a rule's message, worded where it is shown: shared/i18n/rule-message.ts), with
 * the 1-based position of the character at fault where it can be told.
 */
export function checkDestination(currency: string, address: string, tag: TagInput, options: DestinationOptions = {}): DestinationCheck {
  const addressPart = addressProblemOf(currency, address, options);
  const tagPart = tagProblemOf(currency, tag);
  const problems = [addressPart, tagPart].filter((p): p is DestinationProblem => 'field' in p);
  if (problems.length > 0 || 'field' in addressPart || 'field' in tagPart) return { ok: false, problems };
  const notice =
    addressPart.checksum === 'none'
      ? ruleMessage('rules.destination.noChecksum')
      : addressPart.checksum === 'unchecked'
        ? ruleMessage('rules.destination.noRules', { code: currency.trim().toUpperCase() })
        : null;
  return { ok: true, network: addressPart.network, checksum: addressPart.checksum, tag: tagPart.tag, notice };
}
