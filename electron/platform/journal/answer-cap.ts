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
