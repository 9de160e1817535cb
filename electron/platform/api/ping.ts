import { ANSWER_LIMITS } from './answer-limits.ts';
import type { Transport } from './transport.ts';
import { unreadableAnswer } from './failures.ts';
import type { ServiceCall } from './service-call.ts';

/** GET /ping answers `OK` and needs no signature (docs/service-interface.md, "Signing"), so it proves only reachability. */
export async function ping(transport: Transport): Promise<void> {
  const call: ServiceCall = { method: 'GET', path: 'ping', body: null, action: 'ping', repeatable: true, maxAnswerBytes: ANSWER_LIMITS.ping };
  const reply = await transport.send(call);
  const text = reply.text.trim();
  if (text !== 'OK' && text !== '"OK"') throw unreadableAnswer(call, reply.status, '(body)', { id: 'rules.wire.expectedOk' });
}
