/**
 * A foreign_id for something new the console asks the service to make (an invoice, a deposit
 * address): `<prefix>-<UTC date>-<8 random characters>`, such as inv-20250601-k3x9q2mz. Unique enough
 * to never collide in practice, readable over the phone, and free of personal data (spec 4.4).
 * Staff may type their own order or customer number instead.
 */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // no 0/o, 1/l: read aloud without mistakes

/** What the id is of, as its first letters say: `inv` an invoice, `addr` a deposit address. */
export type ForeignIdPrefix = 'inv' | 'addr';

export function newForeignId(prefix: ForeignIdPrefix, now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const random = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${prefix}-${date}-${random}`;
}
