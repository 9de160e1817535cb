import { jsonReply, validationReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { newAddress } from '../model/chain.ts';
import { cryptoCurrencyField } from '../model/currency-rules.ts';
import { messages } from '../model/messages.ts';
import type { Body } from '../model/rules.ts';
import { createErrors, text } from '../model/rules.ts';
import { checkParty } from '../model/sender.ts';
import type { AddressRecord, Merchant, SandboxContext } from '../model/types.ts';
import { addressView } from '../views/address-view.ts';

/*
 * addresses/take (spec 4.6: "full bodies not shown"). What the sandbox chose, following
 * docs/service-interface.md ("addresses/take") and the service's public clients:
 *
 * POST /api/v2/addresses/take -> 201 {"data": {id, currency, address, tag, foreign_id,
 * end_user_reference}}. Body: currency (required, crypto), foreign_id (required, max 255),
 * end_user_reference (optional), sender_type + sender_data (required). Asking again with the same
 * foreign_id and currency returns the same address; the same foreign_id with another currency is
 * refused as taken.
 */

export function takeAddress(ctx: SandboxContext, merchant: Merchant, body: Body): Reply {
  const now = ctx.clock();
  const e = createErrors();
  const currency = cryptoCurrencyField(e, body, 'currency', true);
  const foreignId = text(e, body, 'foreign_id', { required: true, max: 255 });
  const endUserReference = text(e, body, 'end_user_reference', { max: 255 });
  checkParty(e, body, { prefix: 'sender', required: true, now });
  const existing =
    foreignId === undefined
      ? []
      : ctx.data.addresses.filter((a) => a.source === 'take' && a.merchantKey === merchant.key && a.foreignId === foreignId);
  if (existing.length > 0 && currency !== undefined && !existing.some((a) => a.currency === currency)) {
    e.add('foreign_id', messages.taken('foreign_id'));
  }
  if (e.any() || !currency || !foreignId) return validationReply(e.map);
  const same = existing.find((a) => a.currency === currency);
  if (same) return jsonReply(201, { data: addressView(same) });
  const { address, tag } = newAddress(ctx.data, currency);
  const record: AddressRecord = {
    id: ctx.data.nextAddressId++,
    merchantKey: merchant.key,
    currency,
    address,
    tag,
    foreignId,
    endUserReference: endUserReference ?? null,
    source: 'take',
    createdAt: now,
  };
  ctx.data.addresses.push(record);
  return jsonReply(201, { data: addressView(record) });
}
