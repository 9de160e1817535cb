import { divideDecimals, isZero } from '../../../shared/money/index.ts';
import { checkDestination, MAX_DESTINATION_TAG } from '../../../shared/withdrawals/index.ts';
import { jsonReply, validationReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { balancesOf, uncovered, withdrawalDebits } from '../model/balances.ts';
import { txHash } from '../model/chain.ts';
import { checkMinimum, cryptoCurrencyField, currencyField } from '../model/currency-rules.ts';
import { currencyInfo, isPairAvailable, priceOf } from '../model/market.ts';
import { messages } from '../model/messages.ts';
import type { Body, Errors } from '../model/rules.ts';
import { amount, createErrors, text } from '../model/rules.ts';
import { checkParty } from '../model/sender.ts';
import { foreignIdTaken, nextEntryId, nextTransactionIds } from '../model/transaction-store.ts';
import type { Merchant, SandboxContext, WithdrawalRecord } from '../model/types.ts';
import { holdFor } from '../model/withdrawal-holds.ts';
import { withdrawalOrderView } from '../views/order-views.ts';

/*
 * withdrawal/crypto (spec 4.6: "full bodies not shown"). What the sandbox chose, following
 * docs/service-interface.md ("withdrawal/crypto") and the service's public clients:
 *
 * POST /api/v2/withdrawal/crypto -> 201 {"data": {id, foreign_id, end_user_reference, type:
 * "withdrawal", status: "processing", amount, sender_amount, sender_currency, receiver_currency,
 * receiver_amount}} (docs/service-interface.md, "Sample bodies"). Body:
 *   foreign_id       required, string, max 255, unique among the merchant's withdrawals and
 *                    exchanges ("The foreign id has already been taken.")
 *   currency         required, a cryptocurrency: what the receiver gets
 *   amount           required, decimal > 0 with at most 8 places, at least the currency minimum
 *   address          required, an address of that currency's network, with its checksum: checked
 *                    by the console's own checker (shared/withdrawals), so the sandbox's own deposit
 *                    addresses pass and every address the console refuses is refused here too
 *   tag              digits only; required for XRP (its destination tag, at most 4294967295),
 *                    refused for a currency that takes none
 *   convert_to       optional, currency of the balance to pay from; makes the transaction a
 *                    `withrawal_exchange` (spec 2.1 spelling) and sender_amount is in that currency
 *   end_user_reference optional, string, max 255
 *   sender_type + sender_data      required (spec 2.6)
 *   receiver_type + receiver_data  required; receiver_type `self` (internal transfer within the
 *                    same company) needs no receiver_data
 * It takes its amount from the balance it is paid from and its mining fee from its currency's
 * (model/balances.ts), and is refused on `amount` when a balance does not cover that ("Insufficient
 * funds: ...").
 * The withdrawal is `verifying`, then `processing`, then `confirmed` as confirmations grow
 * (all but the last are returned as not_confirmed by transactions/info). One worth more than its
 * merchant's limit is held as `pending` (answered so) until approved or declined
 * (model/withdrawal-holds.ts, docs/withdrawals.md).
 */

function tagField(e: Errors, body: Body): string | undefined {
  const value = body.tag;
  if (value === undefined || value === null || value === '') return undefined;
  const tag = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof tag !== 'string') e.add('tag', messages.string('tag'));
  else if (!/^\d{1,10}$/.test(tag)) e.add('tag', messages.tagDigits('tag'));
  else return tag;
  return undefined;
}

/**
 * The address and tag by the console's own checker, its problems in the service's words: any
 * address problem is "not a valid ... address"; a tag that failed its own format check
 * (`tagReadable` false) is not judged again.
 */
function checkWhereTo(e: Errors, currency: string, address: string | undefined, tag: string | undefined, tagReadable: boolean): void {
  const check = checkDestination(currency, address ?? '', tag ?? null);
  if (check.ok) return;
  for (const problem of check.problems) {
    if (problem.field === 'address' && address !== undefined) e.add('address', messages.address(currency));
    if (problem.field !== 'tag' || !tagReadable) continue;
    if (problem.code === 'required') e.add('tag', messages.requiredIf('tag', 'currency', currency));
    else if (problem.code === 'tag-unused') e.add('tag', messages.prohibitedIf('tag', 'currency', currency));
    else if (problem.code === 'tag-range') e.add('tag', messages.maxValue('tag', String(MAX_DESTINATION_TAG)));
    else e.add('tag', messages.tagDigits('tag'));
  }
}

export function withdrawCrypto(ctx: SandboxContext, merchant: Merchant, body: Body): Reply {
  const now = ctx.clock();
  const e = createErrors();
  const foreignId = text(e, body, 'foreign_id', { required: true, max: 255 });
  if (foreignId !== undefined && foreignIdTaken(ctx.data, merchant.key, foreignId)) e.add('foreign_id', messages.taken('foreign_id'));
  const currency = cryptoCurrencyField(e, body, 'currency', true);
  const sent = amount(e, body, 'amount', { required: true, min: '0' });
  if (sent !== undefined && isZero(sent)) e.add('amount', 'The amount must be greater than 0.');
  else if (sent !== undefined && currency !== undefined) checkMinimum(e, 'amount', currency, sent);
  const address = text(e, body, 'address', { required: true, max: 128 });
  const tag = tagField(e, body);
  if (currency !== undefined) checkWhereTo(e, currency, address, tag, body.tag === undefined || body.tag === null || body.tag === '' || tag !== undefined);
  const convertTo = currencyField(e, body, 'convert_to', false);
  if (convertTo !== undefined && currency !== undefined && convertTo !== currency && !isPairAvailable(convertTo, currency)) {
    e.add('convert_to', messages.pairUnavailable(convertTo, currency));
  }
  const endUserReference = text(e, body, 'end_user_reference', { max: 255 });
  const sender = checkParty(e, body, { prefix: 'sender', required: true, now });
  const receiver = checkParty(e, body, { prefix: 'receiver', required: true, now });
  if (e.any() || !foreignId || !currency || !sent || !address || !sender.type || !receiver.type) return validationReply(e.map);

  const miningFee = currencyInfo(currency)?.miningFee ?? '0';
  const price = convertTo !== undefined && convertTo !== currency ? priceOf(ctx.data.market, convertTo, currency, now) : null;
  const paidFrom = convertTo !== undefined && price !== null ? { currency: convertTo, amount: divideDecimals(sent, price) } : null;
  // Refused before anything is made when a balance it takes from does not cover it (model/balances.ts).
  const short = uncovered(balancesOf(ctx.data, merchant.key), withdrawalDebits({ currency, amount: sent, miningFee }, paidFrom));
  if (short) return validationReply({ amount: messages.insufficientFunds(short.currency, short.balance, short.needed) });

  const hold = holdFor(ctx, merchant, currency, sent, now);
  const { id, entryId } = nextTransactionIds(ctx.data);
  const exchange = paidFrom && price !== null ? { entryId: nextEntryId(ctx.data), ...paidFrom, price } : null;
  const withdrawal: WithdrawalRecord = {
    kind: 'withdrawal',
    id,
    merchantKey: merchant.key,
    foreignId,
    endUserReference: endUserReference ?? null,
    createdAt: now,
    currency,
    amount: sent,
    address,
    tag: tag ?? null,
    addressId: ctx.data.nextAddressId++,
    entryId,
    txid: hold ? null : txHash(ctx.data),
    miningFee,
    ...(hold ? { hold } : {}),
    exchange,
    senderType: sender.type,
    receiverType: receiver.type,
  };
  ctx.data.transactions.push(withdrawal);
  return jsonReply(201, { data: withdrawalOrderView(withdrawal) });
}
