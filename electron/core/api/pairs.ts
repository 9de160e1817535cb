import { z } from 'zod';
import { pair, pairsRequest } from '../../../shared/api/index.ts';
import type { Pair, PairsRequest } from '../../../shared/api/index.ts';
import { checkRequest } from './request-check.ts';
import type { ServiceCall } from './service-call.ts';
import { compactBody } from './wire-body.ts';
import type { Transport } from './transport.ts';

const pairsAnswer = z.looseObject({ data: z.array(pair) });

/** POST /currencies/pairs (spec 4.3). With neither field the body is `{}` (field notes, "Signing"). */
export async function listPairs(transport: Transport, request: PairsRequest): Promise<Pair[]> {
  const checked = checkRequest(pairsRequest, request);
  const call: ServiceCall = {
    method: 'POST',
    path: 'currencies/pairs',
    body: compactBody([
      ['currency_from', checked.currency_from],
      ['currency_to', checked.currency_to],
    ]),
    action: 'list the currency pairs',
    repeatable: true,
  };
  const reply = await transport.send(call);
  return transport.read(call, reply, pairsAnswer).data;
}
