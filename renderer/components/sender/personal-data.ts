import type { SenderFields } from './sender-fields.ts';

import { personalDataIn } from '../../../shared/submission/personal-data.ts';

/**
 * foreign_id and end_user_reference "must not hold personal data" (spec 4.4). What is clearly some
 * (an e-mail address, a name with a birth date) is refused by the request schemas
 * (shared/submission/personal-data.ts), and shows as the field's error. What only may be some, a
 * phone number or the sender's name, is warned about as typed and never blocks: digits and words
 * may as well be an order number.
 */
/** International (+49 171 2345678) or national with a leading 0 (0171-2345678): 7 to 15 digits. */
const PHONE = /(^|[^\w+])(\+|00)[\d\s().-]{7,20}\d|^\s*0[\d\s()/.-]{6,18}\d\s*$/;

function digitsIn(text: string): number {
  return text.replace(/\D/g, '').length;
}

function looksLikePhone(text: string): boolean {
  const match = PHONE.exec(text);
  if (!match) return false;
  const digits = digitsIn(match[0]);
  return digits >= 7 && digits <= 15;
}

/** A name as a whole word, in any case: "Ada" in "ada-2024", but not "Al" inside "Alpha". */
function containsName(text: string, name: string): boolean {
  const trimmed = name.trim();
  if (trimmed.length < 2) return false;
  const escaped = trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'iu').test(text);
}

/** What may be personal data in a reference: a phone number, or the sender's name (worded by ReferenceFields.tsx, components.personalData.*). */
export type PersonalDataConcern = 'phone' | 'name';

/** The concern `value` raises, or null when it looks harmless. */
export function personalDataConcern(value: string, sender: SenderFields): PersonalDataConcern | null {
  // Refused, so said by the field's error, not twice.
  if (value.trim() === '' || personalDataIn(value) !== null) return null;
  if (looksLikePhone(value)) return 'phone';
  const names = [sender.first_name, sender.last_name, sender.legal_name];
  return names.some((name) => containsName(value, name)) ? 'name' : null;
}
