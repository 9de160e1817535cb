import { textReply } from './replies.ts';
import type { Reply } from './replies.ts';

/**
 * The limit of exchange/calculate (spec section 8): up to 30 requests per rolling minute from one
 * IP address; after that "a successful response is possible again only after a one-minute pause"
 * (sections 7 and 8). The sandbox reads the pause as: once refused, a client is refused until
 * 60 seconds have passed since its LAST refused call, so calling during the pause restarts it.
 *
 * The limit sits at the edge of the service (docs/service-interface.md, "Error bodies"), so it
 * counts every request to the endpoint before authentication, and the 429 body is plain text, not
 * JSON.
 */

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  pauseMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 30, windowMs: 60_000, pauseMs: 60_000 };

export const TOO_MANY: Reply = textReply(429, 'Too Many Attempts. Retry after a one-minute pause.');

interface ClientWindow {
  accepted: number[];
  blockedUntil: number;
}

export interface RateLimiter {
  /** True when the call may go on; false when it must be answered with TOO_MANY. */
  allow(client: string): boolean;
  reset(): void;
}

export function createRateLimiter(clock: () => number, options: RateLimitOptions | false): RateLimiter {
  const clients = new Map<string, ClientWindow>();
  return {
    allow(client) {
      if (options === false) return true;
      const now = clock();
      const window = clients.get(client) ?? { accepted: [], blockedUntil: 0 };
      clients.set(client, window);
      window.accepted = window.accepted.filter((at) => now - at < options.windowMs);
      if (now < window.blockedUntil || window.accepted.length >= options.max) {
        window.blockedUntil = now + options.pauseMs;
        return false;
      }
      window.accepted.push(now);
      return true;
    },
    reset: () => clients.clear(),
  };
}
