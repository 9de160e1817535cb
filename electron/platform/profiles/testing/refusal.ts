import { messagesInEnglish } from '../../../../shared/i18n/testing/in-english.ts';
import { isAppFailure } from '../../../../shared/ipc/errors.ts';
import type { AppError } from '../../../../shared/ipc/errors.ts';

/**
 * What a refused call throws, as an English window reads it: the failure's message is its English
 * already (worded()); a field's message is a catalogue rule (ruleMessage), worded here as the form's
 * field words it (wordRule).
 */
export async function refusalOf(call: Promise<unknown>): Promise<AppError> {
  const thrown = await call.then(
    () => {
      throw new Error('expected a refusal, and the call succeeded');
    },
    (error: unknown) => error,
  );
  if (!isAppFailure(thrown)) throw thrown;
  const { error } = thrown;
  return 'fields' in error ? { ...error, fields: messagesInEnglish(error.fields) } : error;
}
