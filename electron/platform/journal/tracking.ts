import { inEnglish } from '../../../shared/i18n/words.ts';
import type { Wording } from '../../../shared/i18n/words.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import { KEPT_ANSWER_CHARS } from '../../../shared/ipc/journal.ts';
import type { JournalEntry, JournalOperation } from '../../../shared/ipc/journal.ts';
import { jsonNumber, parseJsonExact, stringifyJson } from '../../../shared/money/index.ts';
import type { NumberKeys } from '../../../shared/money/index.ts';
import { submissionOutcome } from '../../../shared/submission/outcome.ts';
import { newReceipt } from '../api/index.ts';
import type { CallReceipt, ParsedAnswer } from '../api/index.ts';
import type { Admit, JournalStore, Outcome, PendingInput } from './store.ts';
import { decided, errorOf, tryFailure, unrecordedSuccess } from './try-failures.ts';

/*
 * Every call the journal keeps, from its request to its settled entry, in three parts: what is kept
 * of a request and of an answer (personal data left out), how much of an answer is kept (cut to
 * size), and the tracker, which writes each step of a call in its order. Both engines, the
 * desktop's SQLite journal (journal.ts) and the team's (postgres/), keep calls through this file.
 */

// ---- What is kept of a request and of an answer ----

/**
 * What the journal keeps of a request and of an answer: everything needed to find or repeat the
 * operation, less personal data. Sender and receiver data (names, dates of birth) and e-mail
 * addresses never reach the disk, at whatever depth they appear: an answer may echo them, and a
 * hostile one may put them anywhere.
 *
 * Two nets, because an answer is text that came from elsewhere:
 *  1. by key: the personal fields are left out of every object, recursively (JSON answers); in
 *     text that only nearly parses (cut short, say), a personal key's value is blanked where it
 *     can be told apart;
 *  2. by value: the personal values this request carried are blanked wherever they turn up again,
 *     inside other fields' text, or in an answer that is not JSON at all (an HTML error page).
 */
const PERSONAL_KEYS = new Set([
  'sender_data',
  'receiver_data',
  'email_user',
  'email',
  'first_name',
  'last_name',
  'date_of_birth',
  'legal_name',
]);

/** Values shorter than this are not blanked by value (a two-letter name would blank every "Al" in "Alpha"); by key they still go. */
const MIN_BLANKED_LENGTH = 4;
export const BLANKED = '[personal data]';

/** A personal key and its value (a text, a flat object or list, or a bare word) in text that is not JSON. */
const PERSONAL_KEY_IN_TEXT = new RegExp(`"(${[...PERSONAL_KEYS].join('|')})"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"?|\\{[^{}]*\\}?|\\[[^[\\]]*\\]?|[^,}\\]\\s]*)`, 'g');

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A JSON number the client's parse read (parseJsonNotingNumbers), to be written back as it came:
 * a short integer is held as its value (only "-0" writes differently), any other as its source text.
 */
const writtenBack = (value: unknown): unknown =>
  typeof value === 'number' ? jsonNumber(Object.is(value, -0) ? '-0' : String(value)) : typeof value === 'string' ? jsonNumber(value) : value;

/**
 * A copy without personal keys. JSON numbers held as LosslessNumber objects (parseJsonExact) pass
 * unchanged; with `numbers`, those of a lossless parse are told by where they stood (writtenBack).
 */
function withoutPersonalKeys(value: unknown, blank: (text: string) => string, numbers?: NumberKeys): unknown {
  if (typeof value === 'string') return blank(value);
  const noted = numbers && typeof value === 'object' && value !== null ? numbers.get(value) : undefined;
  const copy = (key: string, item: unknown): unknown => (noted?.has(key) ? writtenBack(item) : withoutPersonalKeys(item, blank, numbers));
  if (Array.isArray(value)) return value.map((item, index) => copy(String(index), item));
  if (!isPlainObject(value)) return value;
  // fromEntries defines own properties, so a key named "__proto__" stays data, never a prototype.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !PERSONAL_KEYS.has(key) && item !== undefined)
      .map(([key, item]) => [blank(key), copy(key, item)]),
  );
}

/** Every text value under a personal key of the request: what an answer must not bring back to disk. */
export function personalValues(request: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, personal: boolean): void => {
    if (typeof value === 'string') {
      if (personal && value.trim().length >= MIN_BLANKED_LENGTH) found.add(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, personal);
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) visit(item, personal || PERSONAL_KEYS.has(key));
    }
  };
  visit(request, false);
  // Longest first, so that a value containing another is blanked whole.
  return [...found].sort((a, b) => b.length - a.length);
}

function blanker(values: readonly string[]): (text: string) => string {
  if (values.length === 0) return (text) => text;
  return (text) => values.reduce((result, value) => (result.includes(value) ? result.split(value).join(BLANKED) : result), text);
}

export function redactRequest(request: Record<string, unknown>): Record<string, unknown> {
  return withoutPersonalKeys(request, (text) => text) as Record<string, unknown>;
}

/**
 * An answer's text as the journal may keep it: JSON is rewritten without personal keys, numbers
 * exactly as they came; anything else is kept as text. Either way the request's own personal
 * values are blanked.
 */
export function redactAnswer(text: string, requestPersonalValues: readonly string[] = []): string {
  const blank = blanker(requestPersonalValues);
  let parsed: unknown;
  try {
    parsed = parseJsonExact(text);
  } catch {
    return redactText(text, blank);
  }
  return stringifyJson(withoutPersonalKeys(parsed, blank));
}

/**
 * redactAnswer of an answer the client has already parsed (CallReceipt's `parsed`): the same text,
 * without a second parse. Null when the answer is not an object or an array: whether a value at
 * the top was a JSON number is not noted (only keys of objects and arrays are), so the text decides.
 */
export function redactParsedAnswer(answer: ParsedAnswer, requestPersonalValues: readonly string[] = []): string | null {
  if (typeof answer.json !== 'object' || answer.json === null) return null;
  return stringifyJson(withoutPersonalKeys(answer.json, blanker(requestPersonalValues), answer.numbers));
}

/** Text that is not JSON: a personal key's value blanked where it can be told apart, then the request's personal values. */
const redactText = (text: string, blank: (text: string) => string): string => blank(text.replace(PERSONAL_KEY_IN_TEXT, `"$1":"${BLANKED}"`));

/**
 * A failure's message as the journal may keep it. A refusal's words come from the service, which
 * may echo what it refused ("email ada@example.com is invalid", a sender's name or date of birth):
 * they are plain text, so they get the nets an answer that is not JSON gets.
 */
export function redactMessage(message: string, requestPersonalValues: readonly string[] = []): string {
  return redactText(message, blanker(requestPersonalValues));
}

// ---- How much of an answer is kept ----

/** How much of an answer's raw text is kept: shared/ipc/journal.ts, KEPT_ANSWER_CHARS. */
export { KEPT_ANSWER_CHARS };

const CUT_MARK = /\n\[cut by Merchant Console: \d+ characters arrived, the first \d+ are kept\]$/;

export function capAnswer(text: string, limit = KEPT_ANSWER_CHARS): string {
  if (text.length <= limit) return text;
  // Never end on the first half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return `${text.slice(0, end)}\n[cut by Merchant Console: ${text.length} characters arrived, the first ${end} are kept]`;
}

/** Whether a kept text was cut (it is then no longer the JSON that arrived). */
export function isCutAnswer(text: string): boolean {
  return CUT_MARK.test(text);
}

/**
 * An answer as a journal keeps it: the request's personal values blanked, then cut to size. The
 * answer as the client parsed it, when it did, is redacted without parsing its text again.
 */
const keep = (response: string | null | undefined, personal: readonly string[], parsed?: ParsedAnswer): string | null =>
  response === null || response === undefined ? null : capAnswer((parsed && redactParsedAnswer(parsed, personal)) ?? redactAnswer(response, personal));

/** The answer as kept, for an entry written whole at once (a lookup), whose request is at hand. */
export const keptAnswer = (request: Record<string, unknown>, response: string | null | undefined, parsed?: ParsedAnswer): string | null =>
  keep(response, personalValues(request), parsed);

/**
 * A failure's message as a journal keeps it, without the request's personal values. The tracker
 * (tracking.ts) hands every message to both journals, the desktop's and the team's, so it applies
 * this once, there, before either writes it.
 */
export const keptMessage = (request: Record<string, unknown>, message: string | null | undefined): string | null =>
  message === null || message === undefined ? null : redactMessage(message, personalValues(request));

/** What a lookup that failed on the app's own error (not an AppFailure) records. */
const LOOKUP_FAILED_INSIDE: Wording = { id: 'main.platform.journal.lookupFailedInside' };

/**
 * A failure's words as data (its catalogue id and values), as a journal keeps them beside its
 * message: each text value through the message's nets (a value may be the service's words, which
 * may echo what it refused), so that the words in any language hold nothing the English message
 * does not. Read back, they are worded only while they still say that message (entry-row.ts).
 */
export function keptWording(request: Record<string, unknown>, wording: Wording | null | undefined): Wording | null {
  if (wording === null || wording === undefined) return null;
  const personal = personalValues(request);
  const kept = (words: Wording): Wording => {
    if (!words.values) return words;
    const values = Object.fromEntries(
      Object.entries(words.values).map(([name, value]) => [name, typeof value === 'string' ? redactMessage(value, personal) : typeof value === 'number' ? value : kept(value)]),
    );
    return { id: words.id, values };
  };
  return kept(wording);
}

/**
 * The personal values each entry's request carried, held in memory (never on disk, in any database)
 * from the moment the entry is written until its answer is kept, so that an answer echoing them is
 * blanked (above) before it is cut to size (capAnswer). Both journals keep answers through it.
 */
export function createAnswerKeeper() {
  const personalOf = new Map<number, string[]>();
  return {
    remember(id: number, request: Record<string, unknown>): void {
      personalOf.set(id, personalValues(request));
    },
    /** The answer as kept; the entry's personal values are forgotten, whatever the answer. */
    kept(id: number, response: string | null | undefined, parsed?: ParsedAnswer): string | null {
      const personal = personalOf.get(id) ?? [];
      personalOf.delete(id);
      return keep(response, personal, parsed);
    },
  };
}

// ---- The tracker: each step of a call, in its order ----

/**
 * Puts every call the journal keeps through it. A submission goes through these steps, and a crash
 * or a throw at any of them is settled by the one rule (shared/submission/outcome.ts): a throw here,
 * a crash by `recoverInterrupted` on the next start.
 *   begun        written as pending (once `admit` let it through), committed, nothing sent yet;
 *   marked-sent  the sent mark committed (awaited: a team journal is across a network); the
 *                transport hands the bytes over right after, and not before;
 *                (the bytes on the network, the answer awaited)
 *   answered     the call ended, with an answer or an error; the journal not settled yet;
 *   settled      the journal settled; the caller gets the value or the matching failure.
 * A lookup is written once, settled.
 */

export type Tracked<T> = { value: T; journalId: number };

/**
 * A lookup's value and its entry's id, or null when the entry is not (yet) where the profile's
 * History reads: kept on this desktop while its team journal could not take it, it is given another
 * id there once uploaded, and this desktop's id would name a different entry of the team journal.
 */
export type TrackedLookup<T> = { value: T; journalId: number | null };

/** What the journal keeps of a successful answer (`txids`, `address`: see Outcome). */
export type Settled = Pick<Outcome, 'txids' | 'address'> & { serviceId: string | number | null; serviceStatus: string | null };

export type SubmissionStep = 'begun' | 'marked-sent' | 'answered' | 'settled';

/** Tests only (createMainServices' `submissionStep`): runs at each step, where it may throw or kill the process. */
export type StepHook = (step: SubmissionStep, at: { journalId: number; operation: JournalOperation; foreignId: string | null }) => void;

export type TrackerOptions = {
  step?: StepHook;
  /** Where a bug's stack goes when it is turned into a plain failure for the screens. */
  log?: (message: string, details: Record<string, unknown>) => void;
};

const receiptFields = (receipt: CallReceipt): Pick<Outcome, 'response' | 'parsed' | 'httpStatus' | 'durationMs'> => ({
  response: receipt.text,
  ...(receipt.parsed ? { parsed: receipt.parsed } : {}),
  httpStatus: receipt.status,
  durationMs: receipt.durationMs,
});

type Ended<T> = { ok: true; value: T; settled: Settled } | { ok: false; thrown: unknown };

/**
 * A tracker records every call into one journal: the profile's own, worked out with its client
 * (platform/services/connection.ts), so a profile switched mid-call changes nothing of the call.
 */
export function createTracker(journal: JournalStore, options: TrackerOptions = {}) {
  const step: StepHook = options.step ?? (() => {});

  /**
   * `admit` sees the earlier tries under the foreign id and throws to refuse a new one; it runs in
   * the same write transaction as the pending entry, before anything can be sent.
   */
  async function submission<T>(
    input: PendingInput,
    run: (receipt: CallReceipt) => Promise<T>,
    settle: (value: T) => Settled,
    admit?: Admit,
  ): Promise<Tracked<T>> {
    let earlier: JournalEntry[] = [];
    let journalId: number;
    try {
      journalId = await journal.begin(input, (tries) => {
        earlier = tries;
        admit?.(tries);
      });
    } catch (thrown) {
      // Refused before anything was written or sent (a foreign id sent before, no team journal):
      // the caller hears main's decision on it like any other failed try.
      throw isAppFailure(thrown) ? decided('failed', thrown.error, thrown.wording) : thrown;
    }
    const at = { journalId, operation: input.operation, foreignId: input.foreignId ?? null };
    let sent = false;
    const receipt = newReceipt();
    // The transport awaits this just before it hands the bytes over; if it rejects, nothing is sent.
    receipt.onSend = async () => {
      await journal.markSent(journalId);
      sent = true;
      step('marked-sent', at);
    };

    let ended: Ended<T>;
    try {
      step('begun', at);
      const value = await run(receipt);
      step('answered', at);
      ended = { ok: true, value, settled: settle(value) };
    } catch (thrown) {
      ended = { ok: false, thrown };
    }
    if (!ended.ok && !isAppFailure(ended.thrown)) {
      const error = ended.thrown;
      options.log?.('a submission failed inside the app', { journalId, sent, error: error instanceof Error ? (error.stack ?? error.name) : typeof error });
    }

    const state = submissionOutcome({ sent, end: ended.ok ? 'success' : errorOf(ended.thrown) });
    const failure = ended.ok ? null : tryFailure(state, input, ended.thrown, earlier);
    try {
      await journal.finish(journalId, {
        state,
        ...(ended.ok ? ended.settled : {}),
        // The caller hears the service's own words; the journal keeps them without personal data.
        message: keptMessage(input.request, failure?.error.message),
        messageWording: keptWording(input.request, failure?.wording),
        ...receiptFields(receipt),
      });
    } catch (thrown) {
      // The entry stays pending; the next start settles it by its sent mark, as this answer does.
      options.log?.('the journal could not settle a submission', { journalId, error: thrown instanceof Error ? thrown.name : typeof thrown });
      throw failure ?? unrecordedSuccess(input);
    }
    step('settled', at);
    if (!ended.ok) throw failure;
    return { value: ended.value, journalId };
  }

  async function lookup<T>(input: PendingInput, run: (receipt: CallReceipt) => Promise<T>, settle: (value: T) => Settled): Promise<TrackedLookup<T>> {
    const receipt = newReceipt();
    let ended: { value: T; settled: Settled };
    try {
      const value = await run(receipt);
      ended = { value, settled: settle(value) };
    } catch (thrown) {
      // A failure of the app's own (a bug, not an AppFailure) is recorded in words of its own.
      const failure = isAppFailure(thrown) ? thrown : null;
      const wording = failure ? failure.wording : LOOKUP_FAILED_INSIDE;
      const message = keptMessage(input.request, failure?.error.message ?? inEnglish(LOOKUP_FAILED_INSIDE));
      await journal.record(input, { state: 'failed', message, messageWording: keptWording(input.request, wording), ...receiptFields(receipt) });
      throw thrown;
    }
    // Outside the try: a journal that cannot record the answer must not record it as failed.
    const entry = await journal.record(input, { state: 'succeeded', ...ended.settled, ...receiptFields(receipt) });
    return { value: ended.value, journalId: entry.keptLocally ? null : entry.id };
  }

  return { submission, lookup };
}

export type Tracker = ReturnType<typeof createTracker>;
