/**
 * What a fuzzed call must never do, shared by the fuzz tests: hang, or let a stack trace or a
 * secret out in an error that crosses to the renderer.
 */

/**
 * Far beyond any answer here (loopback HTTP, a local SQLite file): only a call that never settles
 * reaches it. It fails the run; it measures nothing.
 */
export const HANG_LIMIT_MS = 10_000;

export type Settled<T> = { fulfilled: true; value: T } | { fulfilled: false; reason: unknown };

/** How a promise settled; throws (failing the property) if it has not within HANG_LIMIT_MS. */
export async function settleWithin<T>(promise: Promise<T>, what: string): Promise<Settled<T>> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${HANG_LIMIT_MS} ms: it hangs`)), HANG_LIMIT_MS);
  });
  try {
    return await Promise.race([
      promise.then(
        (value): Settled<T> => ({ fulfilled: true, value }),
        (reason: unknown): Settled<T> => ({ fulfilled: false, reason }),
      ),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Signs of a stack trace or of an engine error's own text in a message meant for people. */
const STACK_TRACES: readonly RegExp[] = [
  /\n\s*at\s/, // a stack frame line
  /\bat\s+(?:\S+\s+\()?(?:file:\/\/|node:|\/|[A-Za-z]:\\)\S*:\d+/, // at fn (/path/file.ts:12:3)
  /\.(?:[cm]?[jt]sx?):\d+:\d+/, // file.ts:12:3
  /\b[A-Za-z]*Error: /, // TypeError: ..., SyntaxError: ...
  /node_modules|node:internal|\/electron\/core\/|\/shared\/(?:api|money|ipc)\//,
];

/** Every string inside a value (keys too), for the leak checks. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsIn(inner)]);
}

/** The first text in `value` that looks like a stack trace, or null. */
export function stackTraceIn(value: unknown): string | null {
  return stringsIn(value).find((text) => STACK_TRACES.some((pattern) => pattern.test(text))) ?? null;
}

/** The first of `secrets` that appears anywhere in `value`, or null. */
export function secretIn(value: unknown, secrets: Iterable<string>): string | null {
  const texts = stringsIn(value);
  for (const secret of secrets) {
    if (texts.some((text) => text.includes(secret))) return secret;
  }
  return null;
}
