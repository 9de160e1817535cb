import type { IntlShape } from 'react-intl';
import { CATALOGUES } from '../../../shared/i18n/index.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';

/** A field's message: the form's own rules give an id, worded here; the contract's and main's arrive worded. */
export function fieldMessage(intl: IntlShape, message: string | undefined): string | undefined {
  if (message === undefined || !Object.hasOwn(CATALOGUES.en, message)) return message;
  return intl.formatMessage({ id: message as MessageId });
}
