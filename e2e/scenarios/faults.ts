import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { LOCAL_SANDBOX_ID } from '../../electron/platform/profiles/profile-book.ts';
import type { MainServices } from '../../electron/app/index.ts';
import type { FaultKind } from '../../electron/sandbox/index.ts';
import type { JournalEntry, JournalOperation } from '../../shared/ipc/journal.ts';
import { test as harness } from '../harness/fixtures.ts';
import { sandboxState } from './sandbox.ts';

/**
 * The fault suite's own steps: the sandbox's faults (electron/sandbox/http/faults.ts) during
 * invoice creation and fixed exchange, and what must hold after each: the message in plain words,
 * every attempt in the journal, at most one record per foreign_id at the sandbox.
 */

/**
 * "No answer" waits out the client's response timeout, 30 s in the app (platform/api/transport.ts).
 * This suite's main process uses 3 s (MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS, read by the unpackaged
 * main), so that the wait costs seconds, not half a minute per test.
 */
export const RESPONSE_TIMEOUT_MS = 3_000;

/** Shorter than RESPONSE_TIMEOUT_MS, so a slow answer is still an answer, and long enough to see the wait. */
export const SLOW_ANSWER_MS = 1_500;

/** The harness of fixtures.ts, with a main process whose client gives up after RESPONSE_TIMEOUT_MS. */
export const test = harness.extend({
  mainEnv: { MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS: String(RESPONSE_TIMEOUT_MS) },
});

/** A fault that spoils or loses the answer; `after` = the operation happened at the sandbox first. */
export type LostAnswer = { kind: Exclude<FaultKind, 'latency'>; after: boolean; name: string; words: RegExp };

/** What the client's message says for each fault (platform/api/failures.ts), in its own plain words. */
const WORDS: Record<LostAnswer['kind'], RegExp> = {
  'no-response': new RegExp(`no answer came within ${RESPONSE_TIMEOUT_MS / 1000} s`),
  reset: /the answer was lost: the connection was closed before the answer was complete/,
  'status-500': /it answered with a server error \(HTTP 500\)/,
  'html-502': /it answered with a server error \(HTTP 502\)/,
  'malformed-json': /its answer \(HTTP 20\d\) could not be read \(the body: not JSON\)/,
};

const NAMES: Record<LostAnswer['kind'], string> = {
  'no-response': 'no answer',
  reset: 'a reset mid-answer',
  'status-500': 'a 500',
  'html-502': 'an HTML 502',
  'malformed-json': 'malformed JSON',
};

/** Every fault but latency, before the operation (nothing happened) and after it (only the answer is lost). */
export const LOST_ANSWERS: readonly LostAnswer[] = (Object.keys(WORDS) as Array<LostAnswer['kind']>).flatMap((kind) =>
  [false, true].map((after) => ({
    kind,
    after,
    words: WORDS[kind],
    name: `${NAMES[kind]} ${after ? 'after the service carried it out' : 'before the service saw it'}`,
  })),
);

/** Every attempt the journal holds for a foreign id, oldest first. */
export async function attempts(services: MainServices, operation: JournalOperation, foreignId: string): Promise<JournalEntry[]> {
  return (await services.journal.search(LOCAL_SANDBOX_ID, { text: foreignId, operation })).entries
    .filter((entry) => entry.foreignId === foreignId)
    .reverse();
}

/** The sandbox holds at most one invoice and at most one exchange for every foreign_id. */
export async function expectNoSecondRecord(services: MainServices): Promise<void> {
  const state = await sandboxState(services);
  const twice = (records: ReadonlyArray<{ foreign_id?: unknown }>) => {
    const seen = new Map<string, number>();
    for (const record of records) seen.set(String(record.foreign_id), (seen.get(String(record.foreign_id)) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([foreignId]) => foreignId);
  };
  expect(twice(state.invoices), 'foreign ids with a second invoice').toEqual([]);
  expect(twice(state.exchanges), 'foreign ids with a second exchange').toEqual([]);
}

/**
 * What a person reads is words: no markup or JSON from the answer, no stack trace, no raw body of
 * the sandbox's 500 ({"message":"Server Error"}) or of its proxy 502 page.
 */
export async function expectPlainWords(message: Locator): Promise<void> {
  const text = await message.innerText();
  expect(text.trim().length, 'a message is shown').toBeGreaterThan(0);
  expect(text, 'no HTML and no JSON').not.toMatch(/[<>{}]|&lt;|"\w+":/);
  expect(text, 'no stack trace').not.toMatch(/\n\s*at \S|\.tsx?:\d+|\.js:\d+|\b\w*Error:|\[object /);
  expect(text, 'no raw body of the fault').not.toMatch(/Bad Gateway|nginx|Server Error|undefined/);
}
