/**
 * The flag of a value from one of the service's open lists (shared/api/wire.ts, openEnum) that the
 * console does not know, in the words every screen, announcement and test uses:
 * "unrecognised status: on_hold". `what` names the list: status, type, fee type, entry kind.
 */
export function unrecognisedWords(what: string, value: string): string {
  return `unrecognised ${what}: ${value === '' ? '(empty text)' : value}`;
}
