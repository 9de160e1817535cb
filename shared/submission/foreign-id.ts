/**
 * The one way a foreign_id is made, for everything the console asks the service to make (an
 * invoice, a deposit address, an exchange), in the renderer, main and the tests alike:
 * `<prefix>-<UTC date>-<8 random characters>`, such as inv-20250601-k3x9q2mz. Unique enough to never
 * collide in practice (32^8 per prefix and day), readable over the phone, free of personal data
 * (spec 4.4), and so found the same way in the back office whatever made it. Staff may type their
 * own order or customer number instead.
 */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // no 0/o, 1/l: read aloud without mistakes

/** What the id is of, as its first letters say: `inv` an invoice, `addr` a deposit address, `exch` an exchange, `wdr` a withdrawal. */
export type ForeignIdPrefix = 'inv' | 'addr' | 'exch' | 'wdr' | 'pay';

export function newForeignId(prefix: ForeignIdPrefix, now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const random = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${prefix}-${date}-${random}`;
}
