/**
 * The merchant's own id of an exchange (spec 4.5: unique in the merchant's system, at most 255
 * characters, no personal data): `exch-<UTC date and time>-<12 random hex digits>`. The time makes
 * it easy to find by eye in the back office; the random part makes two ids made in the same second
 * on two computers differ. A new id is made for each new exchange, never for a retry of one whose
 * outcome is unknown (docs/service-interface.md, "Lost responses").
 */
export function newForeignId(now: number = Date.now(), random: (bytes: Uint8Array<ArrayBuffer>) => void = fillRandom): string {
  const stamp = new Date(now).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const bytes = new Uint8Array(6);
  random(bytes);
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `exch-${stamp}-${hex}`;
}

function fillRandom(bytes: Uint8Array<ArrayBuffer>): void {
  crypto.getRandomValues(bytes);
}
