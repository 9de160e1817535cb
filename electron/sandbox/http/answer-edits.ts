import { parseJsonExact, stringifyJson } from '../../../shared/money/index.ts';
import { normaliseFaultPath } from './faults.ts';
import type { Reply } from './replies.ts';

/**
 * Test-only damage to an answer's content, where faults.ts damages its delivery: a list with one
 * element the client cannot read, an amount as a bare JSON number in exponent form. The
 * real service may answer so; the sandbox's own model never does.
 *
 * An edit receives the successful JSON body as read exactly (numbers stay their own text, see
 * shared/money/json.ts) and returns the body to send; a value made with `jsonNumber` is written as
 * a bare number, digit for digit. Only the in-app sandbox's handle sets edits: a function cannot
 * travel over the HTTP control endpoints, and none of them accepts one.
 */

export type AnswerEdit = (body: unknown) => unknown;

export interface AnswerEdits {
  /** Edits every later successful answer of `path` (named as for faults); null removes the edit. */
  set(path: string, edit: AnswerEdit | null): void;
  /** `reply` with the path's edit applied; unchanged when there is none or the answer is not a JSON success. */
  apply(path: string, reply: Reply): Reply;
}

export function createAnswerEdits(): AnswerEdits {
  const edits = new Map<string, AnswerEdit>();
  return {
    set(path, edit) {
      const key = normaliseFaultPath(path);
      if (edit === null) edits.delete(key);
      else edits.set(key, edit);
    },
    apply(path, reply) {
      const edit = edits.get(path);
      if (!edit || reply.status >= 300 || !reply.contentType.startsWith('application/json')) return reply;
      return { ...reply, body: stringifyJson(edit(parseJsonExact(reply.body))) };
    },
  };
}
