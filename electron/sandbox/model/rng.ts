import type { SandboxData } from './types.ts';

/**
 * A small seeded generator (mulberry32) whose whole state is one 32-bit integer, kept in the saved
 * state, so that a run with the same seed and clock produces the same prices, hashes and tokens.
 */

export function nextUint32(state: { value: number }): number {
  state.value = (state.value + 0x6d2b79f5) | 0;
  let t = state.value;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** An integer in [min, max], both inclusive. */
export function nextInt(state: { value: number }, min: number, max: number): number {
  return min + (nextUint32(state) % (max - min + 1));
}

function fromAlphabet(state: { value: number }, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[nextUint32(state) % alphabet.length];
  return out;
}

const HEX = '0123456789abcdef';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Runs `use` with the data's generator state and writes the advanced state back. */
function withRng<T>(data: SandboxData, use: (state: { value: number }) => T): T {
  const state = { value: data.rng };
  const result = use(state);
  data.rng = state.value;
  return result;
}

export function randomHex(data: SandboxData, length: number): string {
  return withRng(data, (s) => fromAlphabet(s, HEX, length));
}

export function randomToken(data: SandboxData, length: number): string {
  return withRng(data, (s) => fromAlphabet(s, BASE62, length));
}

export function randomDigits(data: SandboxData, length: number): string {
  return withRng(data, (s) => String(nextInt(s, 1, 9)) + fromAlphabet(s, '0123456789', length - 1));
}

export function randomInt(data: SandboxData, min: number, max: number): number {
  return withRng(data, (s) => nextInt(s, min, max));
}
