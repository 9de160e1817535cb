import { z } from 'zod';
import { ruleMessage } from '../i18n/rule-message.ts';

/**
 * Who this desktop's entries name in a team journal: the person's display name, set once
 * and never changed from the screens (the record's names must stay true), and the computer's name.
 */

export const DISPLAY_NAME_MAX = 100;

/**
 * C0 and C1 control characters, and the bidirectional overrides and isolates: none belongs in a
 * name, and an override would make a name read as another in History.
 */
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export const displayNameInput = z
  .string()
  .trim()
  .min(1, ruleMessage('rules.identity.name'))
  // Characters as a person counts them (code points), not UTF-16 units.
  .refine((name) => [...name].length <= DISPLAY_NAME_MAX, ruleMessage('rules.identity.nameMax', { max: DISPLAY_NAME_MAX }))
  .refine((name) => !CONTROL.test(name), ruleMessage('rules.identity.nameControl'));

export const identitySetRequest = z.object({ displayName: displayNameInput }).strict();
export type IdentitySetRequest = z.infer<typeof identitySetRequest>;

export const identityView = z.object({
  /** Null until the person sets it; a team journal cannot be joined before. */
  displayName: z.string().nullable(),
  /** The computer's name (os.hostname()), recorded beside the display name. */
  computer: z.string(),
  /**
   * True (and otherwise absent) when this start is the app's first on this data folder and no name is
   * set yet: the console asks for the name before the first entry is recorded.
   */
  askAtStart: z.literal(true).optional(),
});
export type IdentityView = z.infer<typeof identityView>;
