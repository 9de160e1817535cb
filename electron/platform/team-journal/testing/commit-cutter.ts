import net from 'node:net';
import { listenOnFreePort } from '../../testing/free-port.ts';

/**
 * A TCP relay in front of a PostgreSQL server that can lose the answer to a commit: once armed, it
 * cuts the next connection whose server has just committed a write (a CommandComplete of INSERT or
 * COMMIT, then ReadyForQuery saying the session is idle, i.e. no transaction left open), before the
 * client hears any of that answer. The client is left not knowing whether its write is in the
 * database; it is. What a connection lost at the worst moment does, made to happen on purpose.
 *
 * It reads only the server's side of the protocol (every message there is a type byte, then a
 * 32-bit length that counts itself: PostgreSQL's "Message Formats"), and only in clear: a client on
 * loopback uses no TLS (team-access/pool-config.ts).
 */

export type CommitCutter = {
  /** The port to connect to instead of the server's. */
  readonly port: number;
  /** Arms the cut; resolves when it has happened. */
  cutNextCommit(): Promise<void>;
  close(): Promise<void>;
};

const WRITE_DONE = /^(INSERT|COMMIT)\b/;
const IDLE = 'I'.charCodeAt(0);

export async function startCommitCutter(target: { host: string; port: number }): Promise<CommitCutter> {
  let armed: (() => void) | null = null;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A cut or a closing server: the other side's error is the client's to see, not this relay's.
    socket.on('error', () => {});
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());

    let unread = Buffer.alloc(0);
    /** The answer since a write completed, held until the server says whether it committed. */
    let held: Buffer[] | null = null;
    const pass = (message: Buffer) => {
      const type = String.fromCharCode(message[0] ?? 0);
      if (armed && type === 'C' && WRITE_DONE.test(message.toString('utf8', 5, message.length - 1))) held ??= [];
      if (held === null) {
        client.write(message);
        return;
      }
      held.push(message);
      if (type !== 'Z') return;
      if (armed && message[5] === IDLE) {
        const cut = armed;
        armed = null;
        upstream.destroy();
        client.destroy();
        cut();
        return;
      }
      // Still inside a transaction: nothing committed yet, so the answer goes through.
      for (const each of held) client.write(each);
      held = null;
    };
    upstream.on('data', (chunk: Buffer) => {
      unread = Buffer.concat([unread, chunk]);
      while (unread.length >= 5) {
        const end = 1 + unread.readInt32BE(1);
        if (unread.length < end) break;
        const message = unread.subarray(0, end);
        unread = unread.subarray(end);
        pass(message);
        if (client.destroyed) return;
      }
    });
  });
  const port = await listenOnFreePort(server);

  return {
    port,
    cutNextCommit: () => new Promise<void>((resolve) => (armed = resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
