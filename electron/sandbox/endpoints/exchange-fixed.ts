import { decimalsEqual } from '../../../shared/money/index.ts';
import { jsonReply, validationReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { balancesOf, exchangeDebits, uncovered } from '../model/balances.ts';
import { currencyField } from '../model/currency-rules.ts';
import { messages } from '../model/messages.ts';
import type { Body } from '../model/rules.ts';
import { amount, createErrors, isPresent, text } from '../model/rules.ts';
import { foreignIdTaken, nextTransactionIds } from '../model/transaction-store.ts';
import type { ExchangeRecord, Merchant, QuoteRecord, SandboxContext } from '../model/types.ts';
import { exchangeOrderView } from '../views/order-views.ts';

/**
 * exchange/fixed (spec 4.5, 2.4). An exchange is placed only at the price and amount of a quote
 * that THIS merchant received and that is not yet released (docs/service-interface.md, "Quote
 * lifetime": the sender_amount sent must equal the quoted one). Each quote places at most one
 * exchange. The foreign_id is unique among the merchant's transactions (exchanges and withdrawals
 * share the namespace, because transactions/info finds both by it). The order's status follows
 * the clock (model/transaction-lifecycle.ts). An order the sender balance cannot pay (its amount
 * and its fee, model/balances.ts) is refused on sender_amount ("Insufficient funds: ...").
 */

function clearQuoteMessage(quotes: QuoteRecord[], field: 'sender_amount' | 'receiver_amount'): string {
  const quoted = quotes.map((q) => (field === 'sender_amount' ? q.senderAmount : q.receiverAmount));
  const label = field.replace('_', ' ');
  return `The ${label} must equal the ${label} of the quote at this price (${quoted.join(' or ')}).`;
}

export function placeExchange(ctx: SandboxContext, merchant: Merchant, body: Body): Reply {
  const e = createErrors();
  const now = ctx.clock();
  const foreignId = text(e, body, 'foreign_id', { required: true, max: 255 });
  if (foreignId !== undefined && foreignIdTaken(ctx.data, merchant.key, foreignId)) e.add('foreign_id', messages.taken('foreign_id'));
  const price = amount(e, body, 'price', { required: true, min: '0' });
  const from = currencyField(e, body, 'sender_currency', false);
  const to = currencyField(e, body, 'receiver_currency', false);
  const senderAmount = amount(e, body, 'sender_amount', { min: '0' });
  const receiverAmount = amount(e, body, 'receiver_amount', { min: '0' });
  if (!isPresent(body.sender_amount) && !isPresent(body.receiver_amount)) {
    e.add('sender_amount', messages.requiredWithout('sender_amount', 'receiver_amount'));
  }
  if (e.any() || foreignId === undefined || price === undefined) return validationReply(e.map);

  const candidates = ctx.data.quotes.filter(
    (q) =>
      q.merchantKey === merchant.key &&
      decimalsEqual(q.price, price) &&
      (from === undefined || q.senderCurrency === from) &&
      (to === undefined || q.receiverCurrency === to),
  );
  if (candidates.length === 0) {
    return validationReply({ price: 'The price does not match any quote given to you. Request a quote with exchange/calculate first.' });
  }
  let matching = candidates;
  if (senderAmount !== undefined) {
    matching = matching.filter((q) => decimalsEqual(q.senderAmount, senderAmount));
    if (matching.length === 0) return validationReply({ sender_amount: clearQuoteMessage(candidates, 'sender_amount') });
  }
  if (receiverAmount !== undefined) {
    const before = matching;
    matching = matching.filter((q) => decimalsEqual(q.receiverAmount, receiverAmount));
    if (matching.length === 0) return validationReply({ receiver_amount: clearQuoteMessage(before, 'receiver_amount') });
  }
  const live = matching.filter((q) => now < q.tsRelease * 1000);
  if (live.length === 0) {
    return validationReply({
      price: `The quote at this price was released at ${matching[matching.length - 1]?.tsRelease} (its fixed period of 60 seconds has ended). Request a new quote.`,
    });
  }
  const quote = live.find((q) => q.usedBy === null);
  if (!quote) return validationReply({ price: 'The quote at this price has already been used for an exchange. Request a new quote.' });
  // The sender balance pays the amount and the fee (model/balances.ts); a quote is not used up by a refusal.
  const short = uncovered(balancesOf(ctx.data, merchant.key), exchangeDebits(quote));
  if (short) return validationReply({ sender_amount: messages.insufficientFunds(short.currency, short.balance, short.needed) });

  const { id, entryId } = nextTransactionIds(ctx.data);
  quote.usedBy = id;
  const order: ExchangeRecord = {
    kind: 'exchange',
    id,
    merchantKey: merchant.key,
    foreignId,
    entryId,
    createdAt: now,
    senderCurrency: quote.senderCurrency,
    senderAmount: quote.senderAmount,
    receiverCurrency: quote.receiverCurrency,
    receiverAmount: quote.receiverAmount,
    feeCurrency: quote.feeCurrency,
    feeAmount: quote.feeAmount,
    price: quote.price,
  };
  ctx.data.transactions.push(order);
  return jsonReply(201, { data: exchangeOrderView(order, now) });
}
