import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { listenOnFreePort } from '../../electron/platform/testing/free-port.ts';

/**
 * A processing service from before lookup by hash, on loopback: it does not know the `txid`
 * parameter, so, as the real service's older interface does with a body of no parameter it knows,
 * it answers every transactions/info 400 "No parameters present" (docs/service-interface.md, "Error
 * bodies"). Real HTTP: main's client signs and sends to it as to any service; it records what came.
 */
export type OlderService = {
  baseUrl: string;
  received: { path: string; body: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
};

export async function startOlderService(): Promise<OlderService> {
  const received: OlderService['received'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end('{"error":"No parameters present"}');
    });
  });
  const port = await listenOnFreePort(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    received,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
