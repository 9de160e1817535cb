/**
 * Facts only the raw answer still knows. Main reads numbers that belong in text fields as text
 * (wireText), so a txid sent as the number 7.85e+76 (docs/service-interface.md, "Types seen in the wild") reaches
 * the screen as the string "7.85e+76". The raw JSON keeps the difference; this reads it back.
 */

export type RawShape = unknown;

/** The raw answer parsed for its shape only (values are never shown from here), or null. */
export function rawShapeOf(raw: string): RawShape {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function at(shape: RawShape, path: readonly (string | number)[]): unknown {
  let here: unknown = shape;
  for (const key of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

/**
 * Where each element kept from a list stood in the raw answer: elements set aside as unreadable
 * (issue 12) are not shown, so the n-th shown is not always the n-th received.
 */
export function receivedIndexes(kept: number, setAside: readonly { index: number }[]): number[] {
  const skipped = new Set(setAside.map((element) => element.index));
  const indexes: number[] = [];
  for (let index = 0; indexes.length < kept; index++) if (!skipped.has(index)) indexes.push(index);
  return indexes;
}

/** True when the value at `path` arrived as a JSON number. */
export function arrivedAsNumber(shape: RawShape, path: readonly (string | number)[]): boolean {
  return typeof at(shape, path) === 'number';
}

/** Transaction hashes are hex, 32 to 128 digits, sometimes with 0x (BTC, ETH, TRON, XRP). */
const HASH = /^(0x)?[0-9a-f]{32,128}$/i;

/** Why a txid looks wrong, or null when it looks like a hash. */
export function txidProblem(txid: string, sentAsNumber: boolean): string | null {
  if (sentAsNumber) return 'arrived as a number, not as text: a transaction hash cannot be a number, so this looks wrong';
  if (!HASH.test(txid)) return 'does not look like a transaction hash';
  return null;
}
