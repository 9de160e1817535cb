import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { dial } from './dial.ts';
import type { Route } from './route.ts';

/**
 * A node:http Agent whose connections come from dial.ts: direct or through the proxy of its route,
 * trusting the OS's roots, and handed to a request only once TCP (and TLS) with the service is up.
 * Plain node:http then writes the request on that socket, so a GET keeps its body and the body
 * keeps its exact bytes, for http and https alike.
 *
 * One agent per route: kept-alive connections (keepAlive) are pooled by the route they took, so a
 * change of proxy settings never sends a request down a tunnel opened for another route.
 */

/**
 * The request options, plus the signal that abandons the connection being opened for it: asked for
 * only when a connection is opened, so a request on a kept-alive one makes none.
 */
export interface DialRequestOptions extends http.RequestOptions {
  dialSignal: () => AbortSignal;
}

type Created = (error: Error | null, socket?: Duplex) => void;

export class ServiceAgent extends http.Agent {
  readonly route: Route;
  readonly #secure: boolean;

  constructor(route: Route, options: { secure: boolean; keepAlive: boolean; idleMs: number }) {
    super({
      keepAlive: options.keepAlive,
      ...(options.keepAlive ? { timeout: options.idleMs } : {}),
      // node:http checks a request's protocol against its agent's, and takes the default port from it.
      protocol: options.secure ? 'https:' : 'http:',
      defaultPort: options.secure ? 443 : 80,
    });
    this.route = route;
    this.#secure = options.secure;
  }

  override createConnection(options: http.ClientRequestArgs, callback?: (error: Error | null, socket: Duplex) => void): undefined {
    const created = callback as Created;
    const { dialSignal } = options as DialRequestOptions;
    // node:http has taken the brackets off an IPv6 host already.
    const destination = { host: options.host ?? 'localhost', port: Number(options.port), secure: this.#secure };
    dial(destination, this.route, dialSignal()).then(
      (socket) => {
        // As node:http's own agents do (noDelay): a request goes out whole at once, never held
        // back by Nagle's algorithm behind an unacknowledged earlier segment.
        if (socket instanceof net.Socket) socket.setNoDelay(true);
        created(null, socket);
      },
      (error: Error) => created(error),
    );
    return undefined;
  }
}
