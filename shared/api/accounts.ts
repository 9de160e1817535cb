import { z } from 'zod';
import { currencyType } from './currency-type.ts';
import { readableList, wireAmount } from './wire.ts';

/**
 * The merchant's balances (docs/service-interface.md, "accounts/list"): every currency, zero
 * balances included. A balance arrives as a decimal string in the examples and is accepted as a
 * JSON number too; either way it becomes exact decimal text, never a float.
 */

export const balance = z.looseObject({
  currency: z.string().min(1),
  type: currencyType,
  balance: wireAmount,
});
export type Balance = z.infer<typeof balance>;

/** `data` must be a list; a balance in it that cannot be read is set aside, the others kept. */
export const accountsAnswer = z.looseObject({ data: readableList(balance) });
