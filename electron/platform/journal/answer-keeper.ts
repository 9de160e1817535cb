import type { ParsedAnswer } from '../api/index.ts';
import { personalValues, redactAnswer, redactMessage, redactParsedAnswer } from './redact.ts';

/**
 * How much of an answer's raw text the console keeps in the journal and hands to the renderer. A
 * real answer is a few kilobytes (spec 4.1 to 4.5); the client already refuses anything over each
 * endpoint's cap (platform/api), but even an answer under that cap is padding beyond this, and every
 * copy of it costs the main thread: over IPC, in SQLite, in the history list, in the PDF.
 * A cut text says so at its end, in words a person reads in the history or the raw JSON view.
 */
export const KEPT_ANSWER_CHARS = 64 * 1024;

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

/**
 * The personal values each entry's request carried, held in memory (never on disk, in any database)
 * from the moment the entry is written until its answer is kept, so that an answer echoing them is
 * blanked (redact.ts) before it is cut to size (capAnswer). Both journals keep answers through it.
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
