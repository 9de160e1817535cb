import { z } from 'zod';
import { currencyType } from './currency-type.ts';
import { wireAmount } from './wire.ts';

/** Currency pairs (spec 2.5, 4.3): a reference list, never used to price a live exchange. */

export const pairCurrency = z.looseObject({
  currency: z.string(),
  type: currencyType,
  min_amount: wireAmount.optional(),
  min_amount_deposit_with_exchange: wireAmount.optional(),
});

export const pair = z.looseObject({
  currency_from: pairCurrency,
  currency_to: pairCurrency,
  rate_from: wireAmount,
  rate_to: wireAmount,
});
export type Pair = z.infer<typeof pair>;

/** Which of the two fields are required is not shown (spec 4.3); the console may send either or none. */
export const pairsRequest = z
  .object({
    currency_from: z.string().trim().min(1).max(20).optional(),
    currency_to: z.string().trim().min(1).max(20).optional(),
  })
  .strict();
export type PairsRequest = z.infer<typeof pairsRequest>;
