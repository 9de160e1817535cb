import { z } from 'zod';
import { pair, readableList } from '../../../shared/api/index.ts';
import type { Pair, PairsRequest, UnreadableElement } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import type { ServiceCall } from './service-call.ts';
import { compactBody } from './transport.ts';
import type { Transport } from './transport.ts';

/** `data` must be a list; a pair in it that cannot be read is set aside, and the others kept. */
const pairsAnswer = z.looseObject({ data: readableList(pair) });

export type PairsAnswer = { pairs: Pair[]; unreadable: UnreadableElement[] };

/** POST /currencies/pairs (spec 4.3). With neither field the body is `{}` (docs/service-interface.md, "Signing"). */
export async function listPairs(transport: Transport, request: PairsRequest): Promise<PairsAnswer> {
  const call: ServiceCall = {
    method: 'POST',
    path: 'currencies/pairs',
    body: compactBody([
      ['currency_from', request.currency_from],
      ['currency_to', request.currency_to],
    ]),
    action: 'pairs',
    repeatable: true,
    maxAnswerBytes: ANSWER_LIMITS.pairs,
  };
  const reply = await transport.send(call);
  const { items, unreadable } = transport.read(call, reply, pairsAnswer).data;
  return { pairs: items, unreadable };
}
