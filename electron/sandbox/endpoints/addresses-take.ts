import { jsonReply, validationReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { newAddress } from '../model/chain.ts';
import { cryptoCurrencyField, currencyField } from '../model/currency-rules.ts';
import { isPairAvailable } from '../model/market.ts';
import { messages } from '../model/messages.ts';
import type { Body, Errors } from '../model/rules.ts';
import { createErrors, text } from '../model/rules.ts';
import { checkParty } from '../model/sender.ts';
import type { AddressRecord, Merchant, SandboxContext } from '../model/types.ts';
import { addressView } from '../views/address-view.ts';

/*
 * addresses/take (spec 4.6: "full bodies not shown"). What the sandbox chose, following
 * docs/service-interface.md ("addresses/take") and the service's public clients:
 *
 * POST /api/v2/addresses/take -> 201 {"data": {id, currency, convert_to, address, tag, foreign_id}}.
 * Body:
 *   currency            required, a cryptocurrency: what the customer pays in
 *   foreign_id          required, string, max 255, no personal data (an e-mail address is refused),
 *                       unique among the merchant's addresses: a second take under it is refused
 *                       as taken, as a second invoice is ("The foreign id has already been taken.")
 *   convert_to          optional, a currency the pair from `currency` is available to: what arrives
 *                       is exchanged into it
 *   end_user_reference  optional, string, max 255, no personal data
 *   sender_type + sender_data  required, with the rules of spec 2.6 that invoices use
 * A currency with a destination tag (XRP) answers its tag; a payment without it would be lost.
 */

const EMAIL_INSIDE = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** A reference that must not hold personal data: an e-mail address in it is refused. */
function reference(e: Errors, body: Body, field: string, required: boolean): string | undefined {
  const value = text(e, body, field, { required, max: 255 });
  if (value !== undefined && EMAIL_INSIDE.test(value)) {
    e.add(field, messages.personalData(field));
    return undefined;
  }
  return value;
}

export function takeAddress(ctx: SandboxContext, merchant: Merchant, body: Body): Reply {
  const now = ctx.clock();
  const e = createErrors();
  const currency = cryptoCurrencyField(e, body, 'currency', true);
  const foreignId = reference(e, body, 'foreign_id', true);
  if (foreignId !== undefined && ctx.data.addresses.some((a) => a.source === 'take' && a.merchantKey === merchant.key && a.foreignId === foreignId)) {
    e.add('foreign_id', messages.taken('foreign_id'));
  }
  const convertTo = currencyField(e, body, 'convert_to', false);
  if (convertTo !== undefined && currency !== undefined && !isPairAvailable(currency, convertTo)) {
    e.add('convert_to', currency === convertTo ? messages.different('convert_to', 'currency') : messages.pairUnavailable(currency, convertTo));
  }
  const endUserReference = reference(e, body, 'end_user_reference', false);
  checkParty(e, body, { prefix: 'sender', required: true, now });
  if (e.any() || !currency || !foreignId) return validationReply(e.map);

  const { address, tag } = newAddress(ctx.data, currency);
  const record: AddressRecord = {
    id: ctx.data.nextAddressId++,
    merchantKey: merchant.key,
    currency,
    address,
    tag,
    foreignId,
    endUserReference: endUserReference ?? null,
    convertTo: convertTo ?? null,
    source: 'take',
    createdAt: now,
  };
  ctx.data.addresses.push(record);
  return jsonReply(201, { data: addressView(record) });
}
