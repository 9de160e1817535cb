import { CATALOGUES } from './catalogues.ts';
import type { MessageId } from './catalogues.ts';
import { RULE_MARK as MARK, ruleMessage } from './rule-mark.ts';
import type { RuleValues } from './rule-mark.ts';

/**
 * A validation rule's message as it travels: zod, react-hook-form and main's invalid_request
 * carry a message as a string, so a rule written in shared/ gives its catalogue id and values
 * encoded in one (`ruleMessage`), and the place that shows it words it in the window's language
 * (`wordRule`; in the renderer FieldFrame's useFieldIds). A value may itself be an encoded rule, for
 * a part a sentence names (the character an address check refuses): it is worded first, in the same
 * language. A text that is not an encoded rule (the service's own words, a platform error) is shown
 * as received.
 */

export { ruleMessage };
export type { RuleValues };

export type RuleMessage = { id: MessageId; values: RuleValues };

function isValues(value: unknown): value is RuleValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((each) => typeof each === 'string' || typeof each === 'number');
}

/** Whether a text is meant as an encoded rule (it starts with the mark), whether or not it can be read. */
export const isEncodedRule = (text: string): boolean => text.startsWith(MARK);

/** The rule a text encodes, or null when it is plain words (or names no message of the catalogues). */
export function readRuleMessage(text: string): RuleMessage | null {
  if (!text.startsWith(MARK)) return null;
  const rest = text.slice(MARK.length);
  const brace = rest.indexOf('{');
  const id = brace === -1 ? rest : rest.slice(0, brace);
  if (!Object.hasOwn(CATALOGUES.en, id)) return null;
  if (brace === -1) return { id: id as MessageId, values: {} };
  let values: unknown;
  try {
    values = JSON.parse(rest.slice(brace));
  } catch {
    return null;
  }
  return isValues(values) ? { id: id as MessageId, values } : null;
}

/** What can word a message: react-intl's IntlShape in the renderer, `wordsFor(language)` in main and tests. */
export type RuleWording = { formatMessage(descriptor: { id: MessageId }, values?: RuleValues): string };

/** A rule's message in `intl`'s language, a value that is itself a rule worded first; any other text as it is. */
export function wordRule(intl: RuleWording, text: string): string;
export function wordRule(intl: RuleWording, text: string | undefined): string | undefined;
export function wordRule(intl: RuleWording, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const rule = readRuleMessage(text);
  if (rule === null) return text;
  const values = Object.fromEntries(Object.entries(rule.values).map(([name, value]) => [name, typeof value === 'string' ? wordRule(intl, value) : value]));
  return intl.formatMessage({ id: rule.id }, values);
}
