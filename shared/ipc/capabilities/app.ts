import { z } from 'zod';
import { empty } from './common.ts';

/**
 * What main has to tell the person about the app itself, not about one request: for now, that the
 * Local sandbox's saved records could not be read and were kept aside for a fresh start.
 */
export const appNotice = z.object({
  kind: z.literal('local-sandbox-state-set-aside'),
  /** Where the unreadable records were kept, untouched, for a look or a restore. */
  keptAs: z.string(),
  /** Why they could not be read, as the reader said it. */
  reason: z.string(),
});
export type AppNotice = z.infer<typeof appNotice>;

/** The app's own channels. */
export const appChannels = {
  'app.info': {
    request: empty,
    response: z.object({ version: z.string(), dataDir: z.string() }),
  },
  /** The notices of this run; asking starts the Local sandbox when it is the active profile, so the answer is final for it. */
  'app.notices': {
    request: empty,
    response: z.object({ notices: z.array(appNotice) }),
  },
} as const;
