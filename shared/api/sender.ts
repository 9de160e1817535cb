import { z } from 'zod';
import { emailInput } from './wire.ts';

/** Travel-rule sender and receiver data (spec 2.6). `sender_type` decides the shape of `sender_data`. */

export const SENDER_TYPES = ['natural', 'legal'] as const;
export const senderType = z.enum(SENDER_TYPES, { message: 'Choose natural person or legal entity' });
export type SenderType = z.infer<typeof senderType>;

export const RECEIVER_TYPES = ['natural', 'legal', 'self'] as const;
export const receiverType = z.enum(RECEIVER_TYPES);

/** The earliest year of birth taken: an earlier one is a slip (1885 for 1985). */
export const EARLIEST_BIRTH_YEAR = 1900;

/**
 * What is wrong with a date of birth (a real calendar date in YYYY-MM-DD form before `today`, a
 * UTC date, from 1900 on), each problem in its own words; null when nothing is.
 */
export function dateOfBirthProblem(text: string, today: Date = new Date()): string | null {
  if (text.trim() === '') return 'Enter the date of birth';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return 'Write the date of birth as YYYY-MM-DD, for example 1985-12-10';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!(date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day)) {
    return `${text} is not a date in the calendar: check the month (01 to 12) and the day`;
  }
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() >= startOfToday) return 'A date of birth lies before today';
  if (year < EARLIEST_BIRTH_YEAR) return `A date of birth from ${EARLIEST_BIRTH_YEAR} on: check the year`;
  return null;
}

/** True for a real calendar date in YYYY-MM-DD form that lies before `today` (a UTC date), from 1900 on. */
export const isPastIsoDate = (text: string, today: Date = new Date()): boolean => dateOfBirthProblem(text, today) === null;

const requiredText = (label: string) =>
  z.string({ message: `Enter the ${label}` }).trim().min(1, `Enter the ${label}`).max(255, `The ${label} is at most 255 characters`);

const optionalEmail = z
  .union([emailInput, z.literal('')])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const naturalSenderData = z.object({
  first_name: requiredText('first name'),
  last_name: requiredText('last name'),
  date_of_birth: z.string({ message: 'Enter the date of birth' }).superRefine((text, ctx) => {
    const problem = dateOfBirthProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  }),
  email: optionalEmail,
});
export type NaturalSenderData = z.infer<typeof naturalSenderData>;

/** The spec leaves the country code format open; the published example ("DEU") is ISO 3166-1 alpha-3. */
export const legalSenderData = z.object({
  legal_name: requiredText('company name'),
  country_of_registration: z
    .string({ message: 'Choose the country of registration' })
    .regex(/^[A-Z]{3}$/, 'Choose the country of registration (a three-letter ISO code such as DEU)'),
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
      ctx.addIssue({ code: 'custom', path: ['sender_type'], message: 'Choose natural person or legal entity' });
    }
    return;
  }
  if (value.sender_data === undefined) {
    ctx.addIssue({ code: 'custom', path: ['sender_data'], message: 'Sender data is required when a sender type is chosen' });
    return;
  }
  const result = senderDataByType[value.sender_type].safeParse(value.sender_data);
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['sender_data', ...issue.path.map(String)], message: issue.message });
    }
  }
}
