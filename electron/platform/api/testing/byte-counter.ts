import net from 'node:net';
import { listenOnFreePort } from '../../testing/free-port.ts';

/**
 * A bare TCP server on 127.0.0.1 that records every byte each connection brings and when the
 * connection ends, and answers nothing: the proof that a request's bytes did or did not leave.
 */

export type CountedConnection = { bytes: number; closed: Promise<void> };

export type ByteCounter = { url: string; connections: CountedConnection[]; close(): Promise<void> };

export async function byteCounter(): Promise<ByteCounter> {
  const connections: CountedConnection[] = [];
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    const connection = { bytes: 0, closed: new Promise<void>((done) => socket.on('close', () => done())) };
    connections.push(connection);
    socket.on('data', (chunk) => (connection.bytes += chunk.length));
    socket.on('error', () => undefined);
  });
  const port = await listenOnFreePort(tcp);
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
