import { ruleMessage } from '../i18n/rule-message.ts';
/**
 * What a merchant's reference of something the service makes (foreign_id, end_user_reference) may
 * not be: the spec says they "must not hold personal data" (spec 4.4), and they land in the journal
 * and the back office for good. This is the one place that decides what is refused, for the form,
 * main's request schemas (shared/api/wire.ts) and the tests alike. Refused is only what is clearly
 * personal data, so an order or customer number is never turned away:
 * - an e-mail address (something@domain.tld anywhere in it);
 * - a name with a birth date: letters beside a full date (1985-12-10, 10.12.1985, 10/12/1985) of a
 *   year at least 14 years back, a person's birth date rather than an order's.
 * A phone number or the sender's name only warns (renderer/components/sender/personal-data.ts):
 * digits and words may as well be an order number or a product name.
 * Also here: the suggestion for an e-mail address whose domain is a common one mistyped.
 */

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** Years back a birth date lies at least: a younger person's date is taken for an order's. */
const BIRTH_YEARS_BACK = 14;
const EARLIEST_BIRTH_YEAR = 1900;

/** Year-first (1985-12-10, 1985.12.10, 1985/12/10) or day-first (10.12.1985, 10-12-1985, 10/12/1985) dates, between non-digits. */
const DATES = [/(?<!\d)(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?!\d)/gu, /(?<!\d)(\d{1,2})[-./](\d{1,2})[-./](\d{4})(?!\d)/gu] as const;

/** A word of two letters or more, as a name has. */
const NAME_WORD = /\p{L}{2,}/u;

function birthYears(text: string): number[] {
  const years: number[] = [];
  for (const [index, pattern] of DATES.entries()) {
    for (const match of text.matchAll(pattern)) {
      const [year, month, day] = index === 0 ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]];
      const [y, m, d] = [Number(year), Number(month), Number(day)];
      if (m >= 1 && m <= 12 && d >= 1 && d <= 31) years.push(y);
    }
  }
  return years;
}

export type PersonalDataKind = 'email' | 'name-and-birth-date';

/** The personal data `text` clearly holds, or null. */
export function personalDataIn(text: string, today: Date = new Date()): PersonalDataKind | null {
  if (EMAIL.test(text)) return 'email';
  const latest = today.getUTCFullYear() - BIRTH_YEARS_BACK;
  const withoutDates = DATES.reduce((rest, pattern) => rest.replace(pattern, ' '), text);
  if (NAME_WORD.test(withoutDates) && birthYears(text).some((year) => year >= EARLIEST_BIRTH_YEAR && year <= latest)) {
    return 'name-and-birth-date';
  }
  return null;
}

/** Which reference a refusal names: its words are chosen in the catalogue (`rules.reference.*`). */
export type ReferenceLabel = 'foreignId' | 'endUserReference';

/** The reason `text` is refused as the `label`, a rule's message (shared/i18n/rule-message.ts); null when it is not. */
export function referenceRefusal(label: ReferenceLabel, text: string, today: Date = new Date()): string | null {
  switch (personalDataIn(text, today)) {
    case 'email':
      return ruleMessage('rules.reference.email', { what: label });
    case 'name-and-birth-date':
      return ruleMessage('rules.reference.nameAndBirthDate', { what: label });
    case null:
      return null;
  }
}

/** Common mail domains: a domain one slip away from one of these is taken for it mistyped. */
const COMMON_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'yandex.ru',
  'mail.ru',
] as const;

/** Real domains one slip away from a common one ("mail.com" from "gmail.com"): never corrected. */
const ALSO_REAL = ['mail.com', 'email.com', 'ymail.com', 'gmx.com', 'gmx.at', 'gmx.ch', 'me.com', 'mac.com', 'msn.com', 'aim.com', 'live.de', 'web.com'] as const;

/** Edits (insert, delete, replace, swap two neighbours) between a and b (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * The address as it was probably meant when its domain is a common one mistyped ("ada@gmial.com"
 * gives "ada@gmail.com"), or null. Only a suggestion: a domain that merely looks like a common one
 * may be real, so the address is never refused for it.
 */
export function emailTypoSuggestion(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at <= 0) return null;
  const local = email.trim().slice(0, at);
  const domain = email.trim().slice(at + 1).toLowerCase();
  if (domain === '' || [...COMMON_DOMAINS, ...ALSO_REAL].includes(domain as never)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const common of COMMON_DOMAINS) {
    const distance = editDistance(domain, common);
    // One slip in a short domain, two in a longer one: "gmx.de" and "web.de" stay apart.
    const allowed = common.length >= 9 ? 2 : 1;
    if (distance <= allowed && (best === null || distance < best.distance)) best = { domain: common, distance };
  }
  return best === null ? null : `${local}@${best.domain}`;
}
