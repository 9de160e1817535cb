/**
 * A duration as the failure messages give it, in seconds to a tenth ("30", "2.5"; the catalogue
 * writes the unit and the window's language the number). Its own module because both failures.ts
 * and network/route.ts word timeouts, and failures.ts already depends on the network layer's
 * types: taking it from failures.ts made network/ import back up (an import cycle).
 */
export function seconds(ms: number): number {
  const value = ms / 1000;
  return Number.isInteger(value) ? value : Number(value.toFixed(1));
}
