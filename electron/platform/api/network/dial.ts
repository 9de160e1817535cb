import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { Route } from './route.ts';
import { trustedContext } from './trust.ts';

/**
 * Opens a connection to the service and resolves only once it is ready for the request's bytes:
 * TCP up, and for https the TLS session with the service up. Through a proxy that means: TCP (and,
 * for an "HTTPS" proxy, TLS) to the proxy, an HTTP CONNECT tunnel to the service's host:port, then
 * TLS with the service over the tunnel, verified against the service's own name. So the proxy sees
 * only the host and port; the key, the signature and the body travel inside the service's TLS.
 *
 * Resolving marks "connected" for the transport: until then nothing of the request has left this
 * machine. A failure of the proxy itself (unreachable, or CONNECT answered with anything but 2xx)
 * is a ProxyFailure, so that the message can name the proxy rather than the service.
 */

export interface Destination {
  /** Without the brackets of an IPv6 literal. */
  host: string;
  port: number;
  secure: boolean;
}

/** The proxy, not the service, failed: nothing reached the service. */
export class ProxyFailure extends Error {
  /** Node's error code when the proxy could not be reached (ECONNREFUSED, ...). */
  readonly code: string | undefined;
  /** The proxy's answer to CONNECT, when it refused to open the tunnel. */
  readonly status: number | undefined;
  constructor(code: string | undefined, status?: number) {
    super(status === undefined ? `proxy unreachable (${code ?? 'unknown'})` : `proxy answered CONNECT with ${status}`);
    this.name = 'ProxyFailure';
    this.code = code;
    this.status = status;
  }
}

export async function dial(destination: Destination, route: Route, signal: AbortSignal): Promise<Duplex> {
  const opened: Duplex[] = [];
  // Every socket keeps a listener, so that an error on one abandoned half-way cannot crash main;
  // the request adds its own once it has the socket.
  const track = <S extends Duplex>(socket: S): S => {
    opened.push(socket.on('error', () => undefined));
    return socket;
  };
  try {
    if (route.kind === 'direct') {
      if (!destination.secure) {
        const socket = track(net.connect({ host: destination.host, port: destination.port }));
        await once(socket, 'connect', { signal });
        return socket;
      }
      const socket = track(tls.connect({ host: destination.host, port: destination.port, ...serverName(destination.host), secureContext: trustedContext() }));
      await once(socket, 'secureConnect', { signal });
      return socket;
    }
    const tunnel = await openTunnel(destination, route, track, signal);
    const socket = track(tls.connect({ socket: tunnel, host: destination.host, ...serverName(destination.host), secureContext: trustedContext() }));
    await once(socket, 'secureConnect', { signal });
    return socket;
  } catch (error) {
    for (const socket of opened) socket.destroy();
    throw error;
  }
}

async function openTunnel(destination: Destination, route: Extract<Route, { kind: 'proxy' }>, track: <S extends Duplex>(socket: S) => S, signal: AbortSignal): Promise<Duplex> {
  const toProxy = track(
    route.secure
      ? tls.connect({ host: route.host, port: route.port, ...serverName(route.host), secureContext: trustedContext() })
      : net.connect({ host: route.host, port: route.port }),
  );
  await asProxyFailure(once(toProxy, route.secure ? 'secureConnect' : 'connect', { signal }));
  const authority = `${net.isIPv6(destination.host) ? `[${destination.host}]` : destination.host}:${destination.port}`;
  // Only the host and port go to the proxy: no key, no signature, no body. keep-alive stops
  // node:http from asking the proxy to close the connection that is to become the tunnel.
  const headers = { Host: authority, Connection: 'keep-alive' };
  const connect = http.request({ method: 'CONNECT', host: route.host, port: route.port, path: authority, headers, createConnection: () => toProxy });
  connect.on('error', () => undefined);
  connect.end();
  // Node emits 'connect' for any answer to CONNECT; only a 2xx opens the tunnel.
  const [answer, tunnel, head] = (await asProxyFailure(once(connect, 'connect', { signal }))) as [http.IncomingMessage, Duplex, Buffer];
  track(tunnel);
  const status = answer.statusCode ?? 0;
  if (status < 200 || status > 299) throw new ProxyFailure(undefined, status);
  if (head.length > 0) tunnel.unshift(head);
  return tunnel;
}

async function asProxyFailure<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ProxyFailure((error as NodeJS.ErrnoException).code ?? 'ECONNRESET');
  }
}

/** SNI carries names only, never IP addresses (RFC 6066); the certificate is checked against the host either way. */
function serverName(host: string): { servername?: string } {
  return net.isIP(host) === 0 ? { servername: host } : {};
}

// ---- The agent that hands node:http the connections dialled ----

/**
 * A node:http Agent whose connections come from `dial` above: direct or through the proxy of its route,
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
