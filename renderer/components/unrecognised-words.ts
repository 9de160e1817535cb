import type { IntlShape } from 'react-intl';

/**
 * The flag of a value from one of the service's open lists (shared/api/wire.ts, openEnum) that the
 * console does not know, in the words every screen, announcement and test uses:
 * "unrecognised status: on_hold". `what` names the list: status, type, fee type, entry kind.
 * With `intl`, in the window's language (components.unrecognised.*); English without.
 */
export function unrecognisedWords(what: string, value: string, intl?: IntlShape): string {
  if (!intl) return `unrecognised ${what}: ${value === '' ? '(empty text)' : value}`;
  const shown = value === '' ? intl.formatMessage({ id: 'components.unrecognised.empty' }) : value;
  return intl.formatMessage({ id: 'components.unrecognised.value' }, { what, value: shown });
}
