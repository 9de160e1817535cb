import { textReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';

/** GET /api/v2/ping: plain `OK`, with no key, signature or body, for checking that the service is up. */
export function ping(): Reply {
  return textReply(200, 'OK');
}
