import { z } from 'zod';
import { balance, unreadableElement } from '../../api/index.ts';
import { empty } from './common.ts';

/**
 * The merchant's balances, as fetched at `fetchedAt`: every currency, zeros included, each an
 * exact decimal. `unreadable`: balances of that answer set aside because they could not be read.
 * Nothing is cached: each ask goes to the service.
 */
export const balanceList = z.object({
  balances: z.array(balance),
  unreadable: z.array(unreadableElement),
  fetchedAt: z.string(),
});
export type BalanceList = z.infer<typeof balanceList>;

export const balancesChannels = {
  /** Balances of the active profile (docs/service-interface.md, "accounts/list"). */
  'accounts.list': { request: empty, response: balanceList },
} as const;
