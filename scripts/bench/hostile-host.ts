import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The bench's hostile host, in a process of its own (hostile-answer.ts forks it), so that building
 * and writing megabytes of answer costs main nothing, as a remote host would. It answers every
 * request with the body it was last sent over IPC, streamed in chunks without a length.
 */

let body = Buffer.from('{}');
process.on('message', (message: { body: string }) => {
  body = Buffer.from(message.body, 'utf8');
  process.send?.({ ready: true });
});

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let at = 0;
    const pump = (): void => {
      while (at < body.length && !res.destroyed) {
        if (!res.write(body.subarray(at, (at += 64 * 1024)))) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
