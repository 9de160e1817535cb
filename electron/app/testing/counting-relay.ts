import http from 'node:http';
import { parseJsonLossless } from '../../../shared/money/index.ts';
import { listenOnLoopback, withWholeBody } from '../../platform/api/loopback-server.ts';

/**
 * A real HTTP relay on 127.0.0.1 in front of the sandbox, for the kill-at-every-step tests: it
 * passes every request through unchanged (but for the Host header, which the sandbox checks) and
 * counts the money-moving requests that reached it, per foreign_id. The sandbox itself refuses a
 * second record under one foreign_id, so its records alone cannot show a second send; this can.
 */

const MONEY_PATHS = /\/(invoices\/create|exchange\/fixed|withdrawal\/crypto)$/;

export interface CountingRelay {
  /** Profiles point here: the sandbox's base URL on the relay's port. */
  baseUrl: string;
  /** How many invoices/create, exchange/fixed or withdrawal/crypto requests with this foreign_id arrived. */
  sends(foreignId: string): number;
  /** How many requests of any kind arrived whose path ends with `pathEnd` (such as `transactions/info`). */
  requests(pathEnd: string): number;
  /**
   * The service's answer to the next request with this foreign_id is held back, once it has been
   * carried out, until `release`: a test does what it must (stop the team journal's database) while
   * the call waits for its answer. `answered` resolves when the answer is in hand.
   */
  holdAnswer(foreignId: string): { answered: Promise<void>; release(): void };
  close(): Promise<void>;
}

function foreignIdOf(body: Buffer): string | null {
  try {
    const parsed = parseJsonLossless(body.toString('utf8')) as { foreign_id?: unknown };
    return typeof parsed.foreign_id === 'string' ? parsed.foreign_id : null;
  } catch {
    return null;
  }
}

export async function startCountingRelay(sandboxBaseUrl: string): Promise<CountingRelay> {
  const upstream = new URL(sandboxBaseUrl);
  const counts = new Map<string, number>();
  const paths: string[] = [];
  const holds = new Map<string, { reached: () => void; released: Promise<void> }>();

  const server = http.createServer(
    withWholeBody((incoming, outgoing, body) => {
      const path = incoming.url ?? '/';
      paths.push(path);
      const foreignId = MONEY_PATHS.test(path) ? foreignIdOf(body) : null;
      if (foreignId !== null) counts.set(foreignId, (counts.get(foreignId) ?? 0) + 1);
      const forwarded = http.request(
        { host: upstream.hostname, port: upstream.port, method: incoming.method, path, headers: { ...incoming.headers, host: upstream.host } },
        async (answer) => {
          const hold = foreignId === null ? undefined : holds.get(foreignId);
          if (hold && foreignId !== null) {
            holds.delete(foreignId);
            hold.reached();
            await hold.released;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      // The client went away (killed): nothing more to pass on.
      outgoing.on('close', () => forwarded.destroy());
      forwarded.end(body);
    }),
  );
  const { port, close } = await listenOnLoopback(server);

  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    sends: (foreignId) => counts.get(foreignId) ?? 0,
    requests: (pathEnd) => paths.filter((path) => path.endsWith(pathEnd)).length,
    holdAnswer: (foreignId) => {
      let reached = () => {};
      let release = () => {};
      const answered = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(foreignId, { reached, released });
      return { answered, release };
    },
    close,
  };
}
