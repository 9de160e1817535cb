import { z } from 'zod';
import { pair, pairsRequest, unreadableElement } from '../../api/index.ts';
import { appError } from '../errors.ts';

/**
 * The pairs as main last had them. `unreadable`: pairs of that answer set aside because they could
 * not be read. `staleBecause`: set when the latest fetch failed and this is the last good list, from
 * `fetchedAt`; the forms keep working from it instead of failing with it.
 */
export const pairList = z.object({
  pairs: z.array(pair),
  unreadable: z.array(unreadableElement),
  fetchedAt: z.string(),
  staleBecause: appError.nullable(),
});
export type PairList = z.infer<typeof pairList>;

export const pairsChannels = {
  'pairs.list': {
    request: pairsRequest.extend({ refresh: z.boolean().optional() }).strict(),
    response: pairList,
  },
} as const;
