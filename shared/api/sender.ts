import { ruleMessage } from '../i18n/rule-message.ts';
import { z } from 'zod';
import { emailInput } from './wire.ts';

/** Travel-rule sender and receiver data (spec 2.6). `sender_type` decides the shape of `sender_data`. */

export const SENDER_TYPES = ['natural', 'legal'] as const;
export const senderType = z.enum(SENDER_TYPES, { message: ruleMessage('rules.sender.type') });
export type SenderType = z.infer<typeof senderType>;

export const RECEIVER_TYPES = ['natural', 'legal', 'self'] as const;
export const receiverType = z.enum(RECEIVER_TYPES);

/** The earliest year of birth taken: an earlier one is a slip (1885 for 1985). */
export const EARLIEST_BIRTH_YEAR = 1900;

/**
 * What is wrong with a date of birth (a real calendar date in YYYY-MM-DD form before `today`, a
 * UTC date, from 1900 on), each problem its own rule (shared/i18n/rule-message.ts); null when nothing is.
 */
export function dateOfBirthProblem(text: string, today: Date = new Date()): string | null {
  if (text.trim() === '') return ruleMessage('rules.sender.birthDate');
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return ruleMessage('rules.sender.birthDateForm');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!(date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day)) {
    return ruleMessage('rules.sender.birthDateNotInCalendar', { text });
  }
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() >= startOfToday) return ruleMessage('rules.sender.birthDateBeforeToday');
  if (year < EARLIEST_BIRTH_YEAR) return ruleMessage('rules.sender.birthDateFrom', { year: String(EARLIEST_BIRTH_YEAR) });
  return null;
}

/** True for a real calendar date in YYYY-MM-DD form that lies before `today` (a UTC date), from 1900 on. */
export const isPastIsoDate = (text: string, today: Date = new Date()): boolean => dateOfBirthProblem(text, today) === null;

const requiredText = (what: 'firstName' | 'lastName' | 'companyName') =>
  z
    .string({ message: ruleMessage('rules.sender.empty', { what }) })
    .trim()
    .min(1, ruleMessage('rules.sender.empty', { what }))
    .max(255, ruleMessage('rules.sender.tooLong', { what }));

const optionalEmail = z
  .union([emailInput, z.literal('')])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const naturalSenderData = z.object({
  first_name: requiredText('firstName'),
  last_name: requiredText('lastName'),
  date_of_birth: z.string({ message: ruleMessage('rules.sender.birthDate') }).superRefine((text, ctx) => {
    const problem = dateOfBirthProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  }),
  email: optionalEmail,
});
export type NaturalSenderData = z.infer<typeof naturalSenderData>;

/** The spec leaves the country code format open; the published example ("DEU") is ISO 3166-1 alpha-3. */
export const legalSenderData = z.object({
  legal_name: requiredText('companyName'),
  country_of_registration: z
    .string({ message: ruleMessage('rules.sender.country') })
    .regex(/^[A-Z]{3}$/, ruleMessage('rules.sender.countryCode')),
  email: optionalEmail,
});
export type LegalSenderData = z.infer<typeof legalSenderData>;

export const senderDataByType = { natural: naturalSenderData, legal: legalSenderData } as const;
export type SenderData = NaturalSenderData | LegalSenderData;

/**
 * Checks `sender_data` against the shape its `sender_type` names, adding issues under `sender_data`.
 * Used by every request that carries sender data (invoices now; withdrawals and addresses in the spec).
 */
export function checkSenderBlock(
  value: { sender_type?: SenderType | undefined; sender_data?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (value.sender_type === undefined) {
    if (value.sender_data !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['sender_type'], message: ruleMessage('rules.sender.type') });
    }
    return;
  }
  if (value.sender_data === undefined) {
    ctx.addIssue({ code: 'custom', path: ['sender_data'], message: ruleMessage('rules.sender.dataForType') });
    return;
  }
  const result = senderDataByType[value.sender_type].safeParse(value.sender_data);
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['sender_data', ...issue.path.map(String)], message: issue.message });
    }
  }
}
