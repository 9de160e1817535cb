import { divideDecimals, jsonNumber, multiplyDecimals, padDecimal } from '../../../shared/money/index.ts';
import { jsonReply, validationReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { checkMinimum, currencyField } from '../model/currency-rules.ts';
import { isPairAvailable, priceOf } from '../model/market.ts';
import { messages } from '../model/messages.ts';
import type { Body } from '../model/rules.ts';
import { amount, createErrors, isPresent } from '../model/rules.ts';
import type { Merchant, QuoteRecord, SandboxContext } from '../model/types.ts';

/**
 * exchange/calculate (spec 4.2, 2.3). A quote is fixed for 60 seconds: ts_release = ts_fixed + 60,
 * fix_period 60 (docs/service-interface.md, "Quote lifetime"). The fee is 1% of the sender amount,
 * in the sender currency, and the receiver amount is sender amount x price, as in the published
 * samples. As in the sample, the amount the client sent is echoed as a JSON number
 * (`"sender_amount":1`), digit for digit; the computed amounts are strings with 8 places. Every
 * quote is remembered for its merchant so that exchange/fixed can insist on a live one
 * (exchange-fixed.ts).
 */

export const FIX_PERIOD_SECONDS = 60;
export const FEE_RATE = '0.01';
/** Released quotes are kept this long, so exchange/fixed can say "expired" rather than "unknown". */
const KEEP_RELEASED_MS = 60 * 60_000;

/** The sent amount echoed as a JSON number when it is written as one could be; else as text. */
function echo(decimal: string): unknown {
  return /^(0|[1-9]\d*)(\.\d+)?$/.test(decimal) ? jsonNumber(decimal) : decimal;
}

export function calculate(ctx: SandboxContext, merchant: Merchant, body: Body): Reply {
  const e = createErrors();
  const from = currencyField(e, body, 'sender_currency', true);
  const to = currencyField(e, body, 'receiver_currency', true);
  if (from !== undefined && to !== undefined) {
    if (from === to) e.add('receiver_currency', messages.different('receiver_currency', 'sender_currency'));
    else if (!isPairAvailable(from, to)) e.add('receiver_currency', messages.pairUnavailable(from, to));
  }
  const hasSender = isPresent(body.sender_amount);
  const hasReceiver = isPresent(body.receiver_amount);
  if (!hasSender && !hasReceiver) e.add('sender_amount', messages.requiredWithout('sender_amount', 'receiver_amount'));
  if (hasSender && hasReceiver) e.add('receiver_amount', messages.prohibitedWith('receiver_amount', 'sender_amount'));
  const sent = hasSender ? amount(e, body, 'sender_amount', { min: '0' }) : amount(e, body, 'receiver_amount', { min: '0' });
  if (e.any() || from === undefined || to === undefined || sent === undefined) return validationReply(e.map);

  const now = ctx.clock();
  const price = priceOf(ctx.data.market, from, to, now);
  // Stored with 8 places, as exchange/fixed answers them ("0.00300000" in the sample).
  const senderAmount = hasSender ? padDecimal(sent) : divideDecimals(sent, price);
  const receiverAmount = hasSender ? multiplyDecimals(sent, price) : padDecimal(sent);
  checkMinimum(e, hasSender ? 'sender_amount' : 'receiver_amount', from, senderAmount);
  if (e.any()) return validationReply(e.map);

  const tsFixed = Math.floor(now / 1000);
  const quote: QuoteRecord = {
    merchantKey: merchant.key,
    senderCurrency: from,
    receiverCurrency: to,
    senderAmount,
    receiverAmount,
    feeCurrency: from,
    feeAmount: multiplyDecimals(senderAmount, FEE_RATE),
    price,
    tsFixed,
    tsRelease: tsFixed + FIX_PERIOD_SECONDS,
    usedBy: null,
  };
  ctx.data.quotes = ctx.data.quotes.filter((q) => now - q.tsRelease * 1000 < KEEP_RELEASED_MS);
  ctx.data.quotes.push(quote);
  return jsonReply(200, {
    data: {
      sender_amount: hasSender ? echo(sent) : senderAmount,
      sender_currency: from,
      receiver_amount: hasSender ? receiverAmount : echo(sent),
      receiver_currency: to,
      fee_amount: quote.feeAmount,
      fee_currency: quote.feeCurrency,
      price,
      ts_fixed: quote.tsFixed,
      ts_release: quote.tsRelease,
      fix_period: FIX_PERIOD_SECONDS,
    },
  });
}
