import { ruleMessage } from '../i18n/rule-message.ts';
import { addressProblem } from './problem.ts';

/**
 * Where a checksum fault is, found by trying: the libraries say only that a checksum does not
 * match, so each single change a person makes by mistake (one character wrong, two neighbours
 * swapped, one left out, one typed twice) is undone in turn, and the first that makes the
 * checksum match names the place. Bech32 finds every single error and no false one (BIP-173);
 * a 32-bit base58check checksum lets a wrong place through about once in a million tries. The
 * repair itself is never offered: an address fixed by guessing may be someone else's.
 */

export type Fault =
  | { kind: 'wrong'; index: number }
  | { kind: 'swapped'; index: number }
  | { kind: 'missing'; index: number }
  | { kind: 'extra'; index: number };

/**
 * The first single fault in `text` at or after `from` whose undoing `isValid` accepts, or null.
 * `alphabet` holds the characters the part after `from` is written in.
 */
export function locateFault(text: string, from: number, alphabet: string, isValid: (candidate: string) => boolean): Fault | null {
  const at = (i: number, middle: string, skip: number) => text.slice(0, i) + middle + text.slice(i + skip);
  for (let i = from; i < text.length; i += 1) {
    for (const c of alphabet) if (c !== text[i] && isValid(at(i, c, 1))) return { kind: 'wrong', index: i };
  }
  for (let i = from; i + 1 < text.length; i += 1) {
    if (text[i] !== text[i + 1] && isValid(at(i, `${text[i + 1]}${text[i]}`, 2))) return { kind: 'swapped', index: i };
  }
  for (let i = from; i < text.length; i += 1) if (isValid(at(i, '', 1))) return { kind: 'extra', index: i };
  for (let i = from; i <= text.length; i += 1) {
    for (const c of alphabet) if (isValid(at(i, c, 0))) return { kind: 'missing', index: i };
  }
  return null;
}

/** The checksum problem for `text`, naming the fault's place when one was found. */
export function checksumProblem(text: string, fault: Fault | null): ReturnType<typeof addressProblem> {
  if (fault === null) return addressProblem('checksum', ruleMessage('rules.address.checksum'));
  const n = fault.index + 1;
  const char = (i: number) => text[i] ?? '';
  switch (fault.kind) {
    case 'wrong':
      return addressProblem('checksum', ruleMessage('rules.address.checksumWrong', { n, char: char(fault.index) }), n);
    case 'swapped':
      return addressProblem('checksum', ruleMessage('rules.address.checksumSwapped', { n, next: n + 1, char: char(fault.index), nextChar: char(fault.index + 1) }), n);
    case 'extra':
      return addressProblem('checksum', ruleMessage('rules.address.checksumExtra', { n, char: char(fault.index) }), n);
    case 'missing':
      return addressProblem(
        'checksum',
        fault.index === 0 ? ruleMessage('rules.address.checksumMissingStart') : ruleMessage('rules.address.checksumMissingAfter', { after: fault.index, char: char(fault.index - 1) }),
        n,
      );
  }
}
