/**
 * What a submission asks the service to make, in the words the notices use: an invoice, a deposit
 * address or an exchange, each made under the merchant's foreign id, which the service refuses to reuse.
 */
export type Made = 'invoice' | 'deposit address' | 'exchange';

/** The notices' ICU select key of each (components.duplicate.*, components.outcomeUnknown.*): a key has no space. */
export const MADE_KEY: Readonly<Record<Made, string>> = { invoice: 'invoice', 'deposit address': 'depositAddress', exchange: 'exchange' };
