import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A certificate authority and a server certificate made at test time, so that the team journal's
 * TLS rules (required except on loopback, verified against the system store or a CA file
 * the user names) can be tested against a real server. Two certificates, not one self-signed leaf:
 * a client told to trust the CA file verifies the chain the way it would for a company's own CA.
 * Node cannot write X.509 certificates, so the openssl program does (.ci/run installs it).
 */

const run = promisify(execFile);

export type TestTls = {
  /** The CA's certificate (PEM): what a client is told to trust. */
  caFile: string;
  ca: string;
  /** The server's certificate and key, for 127.0.0.1 and localhost. */
  certFile: string;
  keyFile: string;
};

const OPENSSL_TIMEOUT_MS = 20_000;

async function openssl(args: readonly string[]): Promise<void> {
  try {
    await run('openssl', [...args], { timeout: OPENSSL_TIMEOUT_MS, killSignal: 'SIGKILL' });
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`openssl ${args[0]} failed while making the test server's certificate: ${failed.stderr?.trim() || failed.message}`, { cause: error });
  }
}

/** Writes ca.crt, server.crt and server.key into `folder`; valid for two days, long enough for any run. */
export async function makeTestTls(folder: string): Promise<TestTls> {
  const path = (name: string) => join(folder, name);
  // EC keys: made in milliseconds, where RSA keys take a noticeable part of a second each.
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await openssl([
    'req', '-x509', ...key, '-keyout', path('ca.key'), '-out', path('ca.crt'), '-days', '2',
    '-subj', '/CN=Merchant Console test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await openssl(['req', ...key, '-keyout', path('server.key'), '-out', path('server.csr'), '-subj', '/CN=localhost']);
  writeFileSync(
    path('server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n',
  );
  await openssl([
    'x509', '-req', '-in', path('server.csr'), '-CA', path('ca.crt'), '-CAkey', path('ca.key'), '-CAcreateserial',
    '-out', path('server.crt'), '-days', '2', '-extfile', path('server.ext'),
  ]);
  return { caFile: path('ca.crt'), ca: readFileSync(path('ca.crt'), 'utf8'), certFile: path('server.crt'), keyFile: path('server.key') };
}
