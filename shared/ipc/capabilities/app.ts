import { z } from 'zod';
import { empty } from './common.ts';

/** The app's own channels. */
export const appChannels = {
  'app.info': {
    request: empty,
    response: z.object({ version: z.string(), dataDir: z.string() }),
  },
} as const;
