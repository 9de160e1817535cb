import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { jsonNumber } from '../../../../shared/money/index.ts';

/**
 * What the fuzz tests throw at the app (router.fuzz.test.ts, responses.fuzz.test.ts): odd text,
 * huge numbers, wrong types, and one-field mutations of a valid value: the field removed, given
 * another value, or joined by an extra field beside it, at any depth.
 */

/** Text that has broken parsers and screens before. */
export const ODD_TEXTS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  '\u0000abc\u0000',
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  'a\uDC00b\uD800',
  '\u202Eevil\u202C', // right-to-left override
  '\uFEFF', // byte order mark
  '\u200B\u200C\u200D', // zero-width characters
  '\u2028\u2029', // line and paragraph separators
  'e\u0301\u0301\u0301', // stacked combining marks
  '👩‍👩‍👧‍👦',
  '𝟙𝟚𝟛',
  '１２３', // full-width digits
  '١٢٣.٤٥', // Arabic-Indic digits
  'Ⅻ',
  'ǅ',
  'ﷺ',
  '<script>alert(1)</script>',
  '<html><body>x</body></html>',
  '%s%n%x',
  '${7*7}',
  "'; DROP TABLE journal; --",
  '=HYPERLINK("http://x")',
  '..\\..\\..\\etc\\passwd',
  '__proto__',
  'constructor',
  'x'.repeat(5_000),
];

export const oddText: Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_TEXTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a', '"', '\\'), maxLength: 12 }),
  fc.string({ unit: 'binary', minLength: 256, maxLength: 1_000 }),
);

/** Keys that trip object handling: prototype names, empty, and arbitrary ones. */
export const oddKey: Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '', ' ', 'id', 'data', 'errors', 'error', 'code'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Valid JSON number texts, all beyond what a float holds exactly or at all. */
export const HUGE_NUMBER_TEXTS: readonly string[] = [
  '1e400',
  '-1e400',
  '1E-400',
  '123456789012345678901234567890.123',
  '9'.repeat(400),
  `0.${'0'.repeat(400)}1`,
  '12345678.123456789012',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '-0',
  '-0.00000001',
  '7.85e+76',
  '0.1e-7',
];

/** Any valid JSON number, as text: sign, integer part, fraction and exponent, each of any length. */
export const jsonNumberText: Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,40}$/)),
    fc.option(fc.stringMatching(/^\d{1,30}$/)),
    fc.option(fc.stringMatching(/^[eE][+-]?\d{1,4}$/)),
  )
  .map(([negative, integer, fraction, exponent]) => `${negative ? '-' : ''}${integer}${fraction === null ? '' : `.${fraction}`}${exponent ?? ''}`);

/** A huge or odd number for a JSON body, written bare (lossless-json writes a LosslessNumber as is). */
export const hugeJsonNumber: Arbitrary<unknown> = fc.oneof(fc.constantFrom(...HUGE_NUMBER_TEXTS), jsonNumberText).map(jsonNumber);

/**
 * A value put into a service answer: any JSON, a huge number written bare, odd text, the plain
 * values that trip type checks, and `extra` (a credential echoed back, say).
 */
export function answerValue(extra: readonly unknown[] = []): Arbitrary<unknown> {
  return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hugeJsonNumber, oddText, fc.constantFrom(null, true, 0, -1, '', [], {}, ...extra));
}

/** Huge or odd values as a JavaScript caller (the renderer, over IPC) could send them. */
export const hugeValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 2 ** 64, Infinity, -Infinity, NaN, -0, Number.MIN_VALUE, 1e21),
  fc.double(),
  fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }),
  fc.constantFrom(...HUGE_NUMBER_TEXTS),
  fc.constant('9'.repeat(100_000)),
);

/** fc.anything, with every kind of value structured clone (Electron's IPC) can carry. */
export const ANYTHING = {
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withObjectString: true,
} as const;

type Path = readonly (string | number)[];

export type Mutation =
  | { kind: 'remove'; path: Path }
  | { kind: 'set'; path: Path; value: unknown }
  | { kind: 'add'; path: Path; key: string; value: unknown };

const isContainer = (value: unknown): value is Record<string | number, unknown> => typeof value === 'object' && value !== null;

/** Every path into a value's objects and arrays; [] is the value itself. */
export function pathsOf(value: unknown, path: Path = []): Path[] {
  if (!isContainer(value)) return [path];
  return [path, ...Object.keys(value).flatMap((key) => pathsOf(value[key], [...path, Array.isArray(value) ? Number(key) : key]))];
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (isContainer(current) ? current[key] : undefined), value);
}

/** An own property even for `__proto__`, as JSON.parse and structured clone make it. */
function put(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The base (which is not changed) with one mutation applied; the new value is inserted as is. */
export function applyMutation(base: unknown, mutation: Mutation): unknown {
  const copy = structuredClone(base);
  const { path } = mutation;
  if (mutation.kind === 'add') {
    const target = at(copy, path);
    if (isContainer(target)) put(target, mutation.key, mutation.value);
    return copy;
  }
  if (path.length === 0) return mutation.kind === 'remove' ? undefined : mutation.value;
  const parent = at(copy, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (!isContainer(parent)) return copy;
  if (mutation.kind === 'set') put(parent, key, mutation.value);
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return copy;
}

/** One mutation of `base` at any of its paths, the new values drawn from `values`. */
export function mutationOf(base: unknown, values: Arbitrary<unknown>): Arbitrary<Mutation> {
  const paths = pathsOf(base);
  const containers = paths.filter((path) => isContainer(at(base, path)));
  const choices: Arbitrary<Mutation>[] = [
    fc.record({ kind: fc.constant('remove' as const), path: fc.constantFrom(...paths) }),
    fc.record({ kind: fc.constant('set' as const), path: fc.constantFrom(...paths), value: values }),
  ];
  if (containers.length > 0) {
    choices.push(fc.record({ kind: fc.constant('add' as const), path: fc.constantFrom(...containers), key: oddKey, value: values }));
  }
  return fc.oneof(...choices);
}

/** `base` with one field removed, changed or added beside it. */
export function mutated(base: unknown, values: Arbitrary<unknown>): Arbitrary<unknown> {
  return mutationOf(base, values).map((mutation) => applyMutation(base, mutation));
}

/** Text-level damage to a body: cut at any point, a character inserted, a stretch deleted. */
export function damagedText(text: string): Arbitrary<string> {
  const index = fc.nat({ max: text.length });
  return fc.oneof(
    index.map((cut) => text.slice(0, cut)),
    fc.tuple(index, fc.constantFrom('"', '{', '}', '[', ']', ',', ':', '\\', '\u0000', '\uD800', ' ', '0', '-', 'e')).map(
      ([i, char]) => text.slice(0, i) + char + text.slice(i),
    ),
    fc.tuple(index, fc.nat({ max: 20 })).map(([i, length]) => text.slice(0, i) + text.slice(i + length)),
  );
}
