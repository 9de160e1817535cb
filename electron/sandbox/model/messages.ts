/**
 * Validation messages in the Laravel wording the service uses (docs/service-interface.md, "Error bodies"):
 * the attribute is the field name with underscores as spaces, so `foreign_id` reads "foreign id"
 * and `sender_data.first_name` reads "sender data.first name".
 */

export function attribute(field: string): string {
  return field.replace(/_/g, ' ');
}

const a = attribute;

export const messages = {
  required: (f: string) => `The ${a(f)} field is required.`,
  requiredWith: (f: string, other: string) => `The ${a(f)} field is required when ${a(other)} is present.`,
  requiredWithout: (f: string, other: string) => `The ${a(f)} field is required when ${a(other)} is not present.`,
  requiredTimerCurrency: (f: string) => `The ${a(f)} field is required when timer is true and sender currency is present.`,
  prohibitedWith: (f: string, other: string) => `The ${a(f)} field is prohibited when ${a(other)} is present.`,
  string: (f: string) => `The ${a(f)} must be a string.`,
  object: (f: string) => `The ${a(f)} must be an object.`,
  boolean: (f: string) => `The ${a(f)} field must be true or false.`,
  integer: (f: string) => `The ${a(f)} must be an integer.`,
  numeric: (f: string) => `The ${a(f)} must be a number.`,
  maxChars: (f: string, n: number) => `The ${a(f)} must not be greater than ${n} characters.`,
  minValue: (f: string, n: string) => `The ${a(f)} must be at least ${n}.`,
  decimalPlaces: (f: string, n: number) => `The ${a(f)} must have 0-${n} decimal places.`,
  tooSmall: (min: string, currency: string) => `The amount is too small. The minimum amount is ${min} ${currency}.`,
  selectedInvalid: (f: string) => `The selected ${a(f)} is invalid.`,
  taken: (f: string) => `The ${a(f)} has already been taken.`,
  url: (f: string) => `The ${a(f)} must be a valid URL.`,
  https: (f: string) => `The ${a(f)} must use https.`,
  domain: (f: string) => `The ${a(f)} must use a domain name, not an IP address.`,
  malware: (f: string) => `The ${a(f)} was flagged by malware scanners.`,
  email: (f: string) => `The ${a(f)} must be a valid email address.`,
  dateFormat: (f: string) => `The ${a(f)} does not match the format Y-m-d.`,
  dateBeforeToday: (f: string) => `The ${a(f)} must be a date before today.`,
  different: (f: string, other: string) => `The ${a(f)} and ${a(other)} must be different.`,
  pairUnavailable: (from: string, to: string) => `The pair ${from} to ${to} is not available.`,
  notCrypto: (f: string) => `The ${a(f)} must be a cryptocurrency.`,
  address: (currency: string) => `The address is not a valid ${currency} address.`,
  tagDigits: (f: string) => `The ${a(f)} must contain only digits.`,
  requiredIf: (f: string, other: string, value: string) => `The ${a(f)} field is required when ${a(other)} is ${value}.`,
  prohibitedIf: (f: string, other: string, value: string) => `The ${a(f)} field is prohibited when ${a(other)} is ${value}.`,
  maxValue: (f: string, n: string) => `The ${a(f)} must not be greater than ${n}.`,
  // The sandbox's own words where the service's are not published (docs/service-interface.md, Part C).
  insufficientFunds: (currency: string, balance: string, needed: string) =>
    `Insufficient funds: the ${currency} balance is ${balance}, and this needs ${needed} ${currency} with its fee.`,
  personalData: (f: string) => `The ${a(f)} must not contain personal data such as an e-mail address.`,
} as const;

/** The `error` of a failed invoice, and of the deposit rejected for it (docs/service-interface.md, "States beyond the spec"). */
export const TIMER_EXPIRED = 'Timer expired. User not paid.';
export const PAID_LESS = 'User paid less than requested.';
/** The `error` of a withdrawal declined after it was held over its merchant's limit: the sandbox's own words. */
export const WITHDRAWAL_DECLINED = 'The withdrawal was declined.';
