import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, listenOnFreePort } from './free-port.ts';

const refusal = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

describe('freePort', () => {
  it('gives a loopback port where nothing listens: a connection to it is refused', async () => {
    expect(await refusal(await freePort())).toBe('ECONNREFUSED');
  });

  it('gives a port a server can bind next', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('starts a server on a port the OS gives out, and answers the port it listens on', async () => {
    const server = createServer((socket) => socket.end());
    const port = await listenOnFreePort(server);
    try {
      expect(port).toBeGreaterThan(0);
      expect(await refusal(port)).toBe('connected');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
