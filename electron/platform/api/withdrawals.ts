import { z } from 'zod';
import { wireInteger, wireText } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import type { CallReceipt, ServiceCall } from './service-call.ts';
import type { Transport } from './transport.ts';

/** What the console reads of a withdrawal's answer: its id and status (the journal keeps the rest). */
export const withdrawalOrder = z.looseObject({ id: z.union([wireInteger, z.string()]), status: wireText.nullish() });
export type WithdrawalOrder = z.infer<typeof withdrawalOrder>;

const withdrawalAnswer = z.looseObject({ data: withdrawalOrder });

/**
 * POST /withdrawal/crypto (spec 4.6; docs/service-interface.md, "withdrawal/crypto") with the exact
 * text of an approved draft: it was fixed when drafted, approved as it is, and is signed and sent
 * as it is. It creates something under the merchant's foreign_id, so a lost answer is an unknown
 * outcome that a person resolves by a lookup of that foreign id.
 */
export async function withdrawCrypto(transport: Transport, body: string, foreignId: string, receipt?: CallReceipt): Promise<WithdrawalOrder> {
  const call: ServiceCall = {
    method: 'POST',
    path: 'withdrawal/crypto',
    body: {},
    exactBody: body,
    action: 'withdrawal',
    foreignId,
    maxAnswerBytes: ANSWER_LIMITS.withdrawal,
  };
  const reply = await transport.send(call, receipt);
  return transport.read(call, reply, withdrawalAnswer, undefined, receipt).data;
}
