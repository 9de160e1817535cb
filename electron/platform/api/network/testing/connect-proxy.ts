import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { listenOnFreePort } from '../../../testing/free-port.ts';

/**
 * A real HTTP CONNECT proxy on 127.0.0.1 for the network tests, recording what a company proxy
 * would see: the CONNECT requests (target and headers) and every byte it carried each way. It
 * plays the network's DNS too: every target name leads to 127.0.0.1, on the port asked for.
 * It can refuse tunnels with a status, say nothing at all, or drop every open tunnel on demand.
 * With `tls` it is an "HTTPS" proxy: the client speaks TLS to the proxy itself.
 */

export interface SeenConnect {
  target: string;
  headers: http.IncomingHttpHeaders;
}

export type ProxyBehaviour = { tunnel: true } | { refuse: number } | { silent: true };

export interface ConnectProxy {
  /** 127.0.0.1:port */
  address: string;
  connects: SeenConnect[];
  /** Requests that were not CONNECT (a client that sent its request to the proxy in the clear). */
  plainRequests: string[];
  /** Everything carried through the tunnels, both ways. */
  carried(): Buffer;
  behave(behaviour: ProxyBehaviour): void;
  /** Cuts every open tunnel, on both sides. */
  dropTunnels(): void;
  close(): Promise<void>;
}

export async function startConnectProxy(options: { tls?: { key: string; cert: string } } = {}): Promise<ConnectProxy> {
  const connects: SeenConnect[] = [];
  const plainRequests: string[] = [];
  const carried: Buffer[] = [];
  const open = new Set<Duplex>();
  let behaviour: ProxyBehaviour = { tunnel: true };

  const onRequest = (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => {
    plainRequests.push(`${incoming.method} ${incoming.url}`);
    outgoing.writeHead(405).end();
  };
  const server = options.tls ? https.createServer(options.tls, onRequest) : http.createServer(onRequest);
  server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const target = request.url ?? '';
    connects.push({ target, headers: request.headers });
    open.add(client);
    client.on('error', () => undefined);
    client.on('close', () => open.delete(client));
    if ('silent' in behaviour) return;
    if ('refuse' in behaviour) {
      client.end(`HTTP/1.1 ${behaviour.refuse} Refused\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const port = Number(/:(\d+)$/.exec(target)?.[1]);
    const upstream = net.connect({ host: '127.0.0.1', port }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      client.on('data', (chunk: Buffer) => carried.push(chunk));
      upstream.on('data', (chunk: Buffer) => carried.push(chunk));
      client.pipe(upstream).pipe(client);
    });
    open.add(upstream);
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnFreePort(server);

  return {
    address: `127.0.0.1:${port}`,
    connects,
    plainRequests,
    carried: () => Buffer.concat(carried),
    behave: (next) => void (behaviour = next),
    dropTunnels: () => {
      for (const socket of open) socket.destroy();
    },
    close: () => {
      for (const socket of [...open, ...sockets]) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
