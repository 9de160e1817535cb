import { createServer } from 'node:net';
import type { Server } from 'node:net';

/**
 * A port on 127.0.0.1 where nothing listens right now: one the OS just gave out and took back. The
 * one helper the tests use both for "a server that is not there" (a connection to it is refused)
 * and for a port a server of their own binds next; in the second case another process may take it
 * first, so such a caller tries again (see postgres-server.ts).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port was given.'))));
    });
  });
}

/** Starts `server` listening on 127.0.0.1, on a port the OS gives out, and answers that port. */
export function listenOnFreePort(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('No port was given.'));
    });
  });
}
