/**
 * What a submission asks the service to make, in the words the notices use: an invoice or a
 * deposit address, both made under the merchant's foreign id, which the service refuses to reuse.
 */
export type Made = 'invoice' | 'deposit address';

