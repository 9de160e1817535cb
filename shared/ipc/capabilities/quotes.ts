import { z } from 'zod';
import { exchangeOrder, newForeignIdInput, quote, quoteRequest } from '../../api/index.ts';
import { empty, journalId } from './common.ts';

/** The rate budget of exchange/calculate, as the screens need it (times are epoch milliseconds). */
export const quoteBudget = z.object({
  limit: z.number().int(),
  remaining: z.number().int(),
  nextAllowedAt: z.number().nullable(),
});
export type QuoteBudget = z.infer<typeof quoteBudget>;

/** Live quotes and the fixed-rate exchange placed at one. */
export const quotesChannels = {
  /**
   * A live quote, held by main under `quoteId` (opaque, made by main) until `releaseAt` (epoch
   * milliseconds on main's clock, which is this computer's): the one moment the screens count down to.
   */
  'quotes.calculate': {
    request: quoteRequest,
    response: z.object({ quote, quoteId: z.string(), releaseAt: z.number(), receivedAt: z.number(), budget: quoteBudget }),
  },
  'quotes.budget': { request: empty, response: quoteBudget },
  /**
   * Places exactly the quote main holds under `quoteId`, with the merchant's `foreignId`: the
   * renderer names the quote, it never restates its price or amounts. A used, released or unknown
   * quote is refused as quote_unavailable.
   */
  'exchange.place': {
    request: z.object({ quoteId: z.string().min(1).max(100), foreignId: newForeignIdInput }).strict(),
    response: z.object({ order: exchangeOrder, journalId }),
  },
} as const;
