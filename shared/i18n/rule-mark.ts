// Types only: the preload bundles this file (through shared/ipc/channels.ts), and must carry no catalogue.
import type { MessageId } from './catalogues.ts';

/**
 * How a rule's message is written as a string (rule-message.ts reads and words it): kept apart from
 * the catalogues so that the preload, bundled whole into a few kB without them
 * (scripts/build/preload-bundle.test.ts), can send its own refusals as catalogue ids too.
 */

export type RuleValues = Record<string, string | number>;

/** Marks an encoded rule; a character no person types and no service message starts with. */
export const RULE_MARK = '\u2063rule:';

/** The string a rule gives zod: its catalogue id and the values its message needs. */
export function ruleMessage(id: MessageId, values?: RuleValues): string {
  return values === undefined || Object.keys(values).length === 0 ? `${RULE_MARK}${id}` : `${RULE_MARK}${id}${JSON.stringify(values)}`;
}
