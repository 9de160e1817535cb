import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The receiver bench's yardstick (receiver-load.ts), run as its own process as the receiver is:
 * a bare node:http handler that reads the body, checks its HMAC-SHA512 with the merchant's secret
 * in constant time, and answers 200. It stores nothing. The secret comes on stdin, never on the
 * command line; the port it listens on goes to stdout as one JSON line, as the receiver logs it.
 */

const secret = await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text.trim()));
});

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const given = Buffer.from(String(req.headers['x-processing-signature'] ?? ''), 'utf8');
    const expected = Buffer.from(createHmac('sha512', secret).update(Buffer.concat(chunks)).digest('hex'), 'utf8');
    const ok = given.length === expected.length && timingSafeEqual(given, expected);
    const body = ok ? '{"ok":true}' : '{"error":"Bad signature header","code":"bad_header_signature"}';
    res.writeHead(ok ? 200 : 403, { 'content-type': 'application/json', 'content-length': String(body.length) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
