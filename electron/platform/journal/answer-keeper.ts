import { capAnswer } from './answer-cap.ts';
import { personalValues, redactAnswer, redactMessage } from './redact.ts';

/** An answer as a journal keeps it: the request's personal values blanked, then cut to size. */
const keep = (response: string | null | undefined, personal: readonly string[]): string | null =>
  response === null || response === undefined ? null : capAnswer(redactAnswer(response, personal));

/** The answer as kept, for an entry written whole at once (a lookup), whose request is at hand. */
export const keptAnswer = (request: Record<string, unknown>, response: string | null | undefined): string | null => keep(response, personalValues(request));

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
 * blanked (redact.ts) before it is cut to size (answer-cap.ts). Both journals keep answers through it.
 */
export function createAnswerKeeper() {
  const personalOf = new Map<number, string[]>();
  return {
    remember(id: number, request: Record<string, unknown>): void {
      personalOf.set(id, personalValues(request));
    },
    /** The answer as kept; the entry's personal values are forgotten, whatever the answer. */
    kept(id: number, response: string | null | undefined): string | null {
      const personal = personalOf.get(id) ?? [];
      personalOf.delete(id);
      return keep(response, personal);
    },
  };
}
