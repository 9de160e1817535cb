import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import { freePort, listenOnFreePort } from '../../../electron/platform/testing/free-port.ts';

/**
 * A stand-in for Electron's download server (what ELECTRON_MIRROR points at), on loopback: it serves
 * the files it is given, answers 404 to anything else, and notes every path asked for. `silent`
 * accepts connections and never answers, as a proxy that swallows requests does.
 */

export type Mirror = { url: string; requests: string[]; close(): Promise<void> };

export async function startMirror(files: Record<string, Buffer> = {}, options: { silent?: boolean } = {}): Promise<Mirror> {
  const requests: string[] = [];
  const waiting = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://mirror').pathname);
    if (options.silent) {
      waiting.add(response);
      return;
    }
    const body = files[new URL(request.url ?? '/', 'http://mirror').pathname];
    if (body) response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  const port = await listenOnFreePort(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const response of waiting) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback address where nothing listens. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}/`;
}
