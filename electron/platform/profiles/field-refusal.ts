import { ruleMessage } from '../../../shared/i18n/index.ts';
import type { MessageId, RuleValues } from '../../../shared/i18n/index.ts';
import { worded } from '../../../shared/ipc/errors.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';

/** A field's refusal as a catalogue id with its values (the form words it, shared/i18n/rule-message.ts). */
export type FieldRule = { id: MessageId; values?: RuleValues };

/**
 * A profile save refused by field: each field carries its rule encoded, for the form to word under
 * the field; the failure's own words are the first field's, said in the window's language by the
 * router (its English in the log).
 */
export function refusedFields(fields: Readonly<Record<string, FieldRule>>): AppFailure {
  const [first] = Object.values(fields);
  if (first === undefined) throw new TypeError('refusedFields needs a field');
  const encoded = Object.fromEntries(Object.entries(fields).map(([field, rule]) => [field, ruleMessage(rule.id, rule.values)]));
  return worded({ kind: 'invalid_request', fields: encoded }, { id: first.id, values: first.values ?? {} });
}

/** One field refused. */
export const refused = (field: string, id: MessageId, values: RuleValues = {}): AppFailure => refusedFields({ [field]: { id, values } });
