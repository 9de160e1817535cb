/**
 * A duration in the words of the failure messages ("30 s", "2.5 s"). Its own module because both
 * failures.ts and network/route.ts word timeouts, and failures.ts already depends on the network
 * layer's types: taking it from failures.ts made network/ import back up (an import cycle).
 */
export function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}
