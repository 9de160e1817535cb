import { createInterface } from 'node:readline';
import { isAppFailure } from '../../../../../shared/ipc/errors.ts';
import { createProcessingClient } from '../../client.ts';
import { ignoreCertificateStoreVariables } from '../trust.ts';
import type { ProcessingClient } from '../../client.ts';
import { API_KEY, SECRET, invoiceRequest } from '../../test-fixtures.ts';

/**
 * The processing client in a process of its own, for the network tests (company-network.test.ts):
 * its "system" trust store is what the parent put in SSL_CERT_FILE / SSL_CERT_DIR, and its proxy
 * is the parent's HTTPS_PROXY / NO_PROXY (or a PAC answer the command gives, as Electron's
 * session.resolveProxy would). Node reads the system store once per process, which is why this
 * runs apart from the test.
 *
 * One JSON command a line on stdin, one JSON result a line on stdout:
 *   { "id": 1, "baseUrl": "https://...", "call": "lookup" | "invoice", "pac"?: "PROXY ...", "connectTimeoutMs"?: n, "responseTimeoutMs"?: n }
 *   { "id": 1, "ok": true, "value": <the service's id> } | { "id": 1, "ok": false, "error": <AppError> }
 * Clients are kept per command shape, so that calls can share kept-alive connections. With the
 * argument --packaged, it first does to its environment what a packaged build does (trust.ts).
 */

interface Command {
  id: number;
  baseUrl: string;
  call: 'lookup' | 'invoice';
  pac?: string;
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
}

// Started as a packaged build's client: its environment as a packaged main leaves it (electron/main.ts).
if (process.argv.includes('--packaged')) ignoreCertificateStoreVariables();

const clients = new Map<string, ProcessingClient>();

function clientFor(command: Command): ProcessingClient {
  const key = JSON.stringify([command.baseUrl, command.pac, command.connectTimeoutMs, command.responseTimeoutMs]);
  let client = clients.get(key);
  if (!client) {
    const pac = command.pac;
    client = createProcessingClient({
      baseUrl: command.baseUrl,
      apiKey: API_KEY,
      secret: SECRET,
      connectTimeoutMs: command.connectTimeoutMs ?? 10_000,
      responseTimeoutMs: command.responseTimeoutMs ?? 10_000,
      ...(pac === undefined ? {} : { resolveProxy: async () => pac }),
    });
    clients.set(key, client);
  }
  return client;
}

async function run(command: Command): Promise<unknown> {
  const client = clientFor(command);
  if (command.call === 'lookup') return (await client.lookupTransaction({ id: 42 })).transaction.id;
  return (await client.createInvoice(invoiceRequest)).id;
}

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as Command;
  const result = await run(command).then(
    (value) => ({ id: command.id, ok: true, value }),
    (error: unknown) => ({ id: command.id, ok: false, error: isAppFailure(error) ? error.error : { kind: 'crash', message: String(error) } }),
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
