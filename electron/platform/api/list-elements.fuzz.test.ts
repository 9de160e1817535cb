import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fee, pair, receivedText, transactionAnswer as transactionSchema, transactionEntry } from '../../../shared/api/index.ts';
import type { UnreadableElement } from '../../../shared/api/index.ts';
import { eachMessageInEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { parseJsonLossless, stringifyJson } from '../../../shared/money/index.ts';
import { createProcessingClient } from './client.ts';
import type { ProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, pairsAnswer } from './test-fixtures.ts';
import { settleWithin } from './testing/fuzz-checks.ts';
import { elementMutation, fieldPath, listAt, valueAt } from './testing/list-elements.ts';
import type { Path } from './testing/list-elements.ts';
import { answerValue } from './testing/mutations.ts';
import { sandboxAnswers } from './testing/sandbox-answers.ts';

/**
 * One unreadable element must not cost the whole list, fuzzed: one element of a list in an answer is mutated (a field removed, changed or
 * added, or the element replaced whole) and the answer is served over real HTTP to the real client.
 * The call must resolve; every other element must arrive exactly as it did unmutated; the mutated
 * one is either read or set aside with its own index, the field that failed and that field's value
 * as received; and nothing outside the list changes.
 *
 * The seed is fixed so that a run is repeatable; FUZZ_SEED=<n> explores other mutations.
 */

const SEED = Number(process.env['FUZZ_SEED'] ?? 12_2025);
const RUNS_PER_LIST = 600;

type ListRead = { items: unknown[]; unreadable: UnreadableElement[] };

type ListCase = {
  name: string;
  listPath: Path;
  element: z.ZodType;
  call: (client: ProcessingClient) => Promise<unknown>;
  /** The list as the client resolved it, and what it set aside of it. */
  readOf: (value: unknown) => ListRead;
  /** Everything the resolved value carries besides that list, which the mutation must not touch. */
  restOf: (value: unknown) => unknown;
  /** Valid answers (parsed) whose list has elements; filled from the local sandbox. */
  samples: unknown[];
};

type TransactionLookup = { transaction: Record<string, unknown>; unreadable: Record<string, unknown> };

function transactionList(list: 'fees' | 'transactions', element: z.ZodType): ListCase {
  return {
    name: `transactions/info ${list}`,
    listPath: [list],
    element,
    call: (client) => client.lookupTransaction({ id: 42 }),
    readOf: (value) => {
      const { transaction, unreadable } = value as TransactionLookup;
      return { items: transaction[list] as unknown[], unreadable: unreadable[list] as UnreadableElement[] };
    },
    restOf: (value) => {
      const { transaction, unreadable } = value as TransactionLookup;
      return { transaction: { ...transaction, [list]: null }, unreadable: { ...unreadable, [list]: null } };
    },
    samples: [],
  };
}

const CASES: ListCase[] = [
  {
    name: 'currencies/pairs data',
    listPath: ['data'],
    element: pair,
    call: (client) => client.listPairs({}),
    readOf: (value) => {
      const { pairs, unreadable } = value as { pairs: unknown[]; unreadable: UnreadableElement[] };
      return { items: pairs, unreadable };
    },
    restOf: () => null,
    samples: [],
  },
  transactionList('fees', fee),
  transactionList('transactions', transactionEntry),
];

/** The text as it arrives: UTF-8 on the wire turns a lone surrogate into U+FFFD. */
const asReceived = (text: string): unknown => parseJsonLossless(Buffer.from(text, 'utf8').toString('utf8'));

/** One transaction whose lists hold every fee and every entry of the sandbox's examples: long lists. */
function withEveryElement(transactions: Record<string, unknown[]>[]): unknown {
  const [first] = transactions;
  return { ...first, fees: transactions.flatMap((t) => t['fees'] ?? []), transactions: transactions.flatMap((t) => t['transactions'] ?? []) };
}

let server: LoopbackServer;
let client: ProcessingClient;

beforeAll(async () => {
  const answers = await sandboxAnswers();
  const transactions = answers.transactions.map((text) => parseJsonLossless(text) as Record<string, unknown[]>);
  const [pairsCase, feesCase, entriesCase] = CASES;
  pairsCase?.samples.push(parseJsonLossless(answers.pairs), parseJsonLossless(pairsAnswer));
  for (const listCase of [feesCase, entriesCase]) {
    const withElements = transactions.filter((t) => listAt(t, listCase?.listPath ?? []).length > 0);
    listCase?.samples.push(...withElements, withEveryElement(transactions));
  }
  server = await startLoopbackServer();
  client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });
});
afterAll(async () => {
  await server?.close();
});

/** What the unmutated sample resolves to, to compare the rest of the answer with. */
async function resolvedSample(listCase: ListCase, sample: unknown): Promise<unknown> {
  server.answer({ status: 200, body: stringifyJson(sample) });
  return listCase.call(client);
}

describe('one element of a list mutated: the others still arrive, exactly', () => {
  it.each(CASES.map((listCase, index) => [listCase.name, index] as const))(
    '%s',
    async (_name, caseIndex) => {
      const listCase = CASES[caseIndex]!;
      expect(listCase.samples.length, 'samples with elements to mutate').toBeGreaterThan(1);
      const originals: { sample: unknown; resolved: unknown }[] = [];
      // One at a time: the server answers every call with the last body it was given.
      for (const sample of listCase.samples) originals.push({ sample, resolved: await resolvedSample(listCase, sample) });
      const outcomes = { read: 0, setAside: 0 };
      const values = answerValue();
      const mutations = fc
        .constantFrom(...originals)
        .chain((original) => elementMutation(original.sample, listCase.listPath, values).map((mutation) => ({ original, ...mutation })));

      await fc.assert(
        fc.asyncProperty(mutations, async ({ original, index, body }) => {
          const text = stringifyJson(body);
          server.answer({ status: 200, body: text });
          const settled = await settleWithin(listCase.call(client), listCase.name);
          if (!settled.fulfilled) throw new Error(`one bad element failed the whole answer: ${String(settled.reason)}`);
          const read = listCase.readOf(settled.value);

          const unmutated = listAt(original.sample, listCase.listPath).map((element) => listCase.element.parse(asReceived(stringifyJson(element))));
          const others = unmutated.filter((_, i) => i !== index);
          const mutated = listAt(asReceived(text), listCase.listPath)[index];
          const mutatedRead = listCase.element.safeParse(mutated);
          if (mutatedRead.success) {
            outcomes.read += 1;
            expect(read.unreadable).toEqual([]);
            expect(read.items).toEqual([...others.slice(0, index), mutatedRead.data, ...others.slice(index)]);
          } else {
            outcomes.setAside += 1;
            expect(read.items, 'the other elements, exactly').toEqual(others);
            expect(read.unreadable).toHaveLength(1);
            const [aside] = read.unreadable;
            expect(aside?.index).toBe(index);
            expect(aside?.message).not.toBe('');
            // The value shown is the one received at the field named.
            expect(aside?.value).toBe(receivedText(valueAt(mutated, fieldPath(aside?.field ?? ''))));
          }
          expect(listCase.restOf(settled.value), 'nothing outside the list changed').toEqual(listCase.restOf(original.resolved));
        }),
        { numRuns: RUNS_PER_LIST, seed: SEED + caseIndex },
      );
      // Both ways are exercised: mutations the element still reads with, and ones that set it aside.
      expect(outcomes.read, 'mutated elements still read').toBeGreaterThan(RUNS_PER_LIST / 20);
      expect(outcomes.setAside, 'mutated elements set aside').toBeGreaterThan(RUNS_PER_LIST / 5);
    },
    120_000,
  );

  it('a transaction answer with a bad entry and a bad fee still resolves with its other fields', async () => {
    const sample = parseJsonLossless((await sandboxAnswers()).transactions[0] ?? '') as Record<string, unknown[]>;
    const broken = { ...sample, fees: [...(sample['fees'] ?? []), { type: 'mining' }], transactions: ['not an entry', ...(sample['transactions'] ?? [])] };
    server.answer({ status: 200, body: stringifyJson(broken) });
    const { transaction, unreadable } = await client.lookupTransaction({ id: 42 });
    expect(transaction).toEqual(transactionSchema.parse(sample).transaction);
    expect(eachMessageInEnglish(unreadable.fees)).toEqual([{ index: sample['fees']?.length, field: 'currency', value: null, message: 'is missing' }]);
    expect(unreadable.transactions).toEqual([{ index: 0, field: '', value: 'not an entry', message: 'expected object, received string' }]);
  });
});
