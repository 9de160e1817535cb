import { createHmac } from 'node:crypto';
import { request } from 'node:http';

/**
 * The bench's yardstick: a minimal hand-written signed transactions/info lookup on plain node:http
 * (Node 24's keep-alive global agent), answering the body as text, unparsed and unchecked
 * (client-overhead.ts, client-profile.ts).
 */
export function rawLookup(origin: string, merchant: { key: string; secret: string }, id: number): Promise<string> {
  const body = JSON.stringify({ id });
  const signature = createHmac('sha512', merchant.secret).update(body).digest('hex');
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/api/v2/transactions/info`,
      {
        method: 'GET',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'X-Processing-Key': merchant.key,
          'X-Processing-Signature': signature,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
