import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A private certificate authority made for one test run, with the openssl CLI, in a temporary
 * folder (never committed): the "company root" that a TLS-inspecting network installs, and one
 * server certificate it signed for the names the tests reach the service and the proxy by.
 */

export interface TestCertificates {
  /** The CA's certificate (PEM), and the file that holds only it: a "system store" for SSL_CERT_FILE. */
  caPem: string;
  caFile: string;
  /** An empty folder for SSL_CERT_DIR, so that the system store is the CA file alone. */
  emptyDir: string;
  /** The server's key and certificate (PEM), for node:https. */
  key: string;
  cert: string;
}

/** The names the server certificate covers. */
export const SERVICE_HOST = 'processing.test';
const SUBJECT_ALT_NAMES = `subjectAltName=DNS:${SERVICE_HOST},DNS:localhost,IP:127.0.0.1`;

export function makeTestCertificates(dir: string): TestCertificates {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ecKey, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Merchant Console test root',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', ...ecKey, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${SERVICE_HOST}`);
  writeFileSync(file('server.ext'), `${SUBJECT_ALT_NAMES}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`);
  openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
    '-out', file('server.pem'), '-days', '2', '-extfile', file('server.ext'));
  mkdirSync(file('empty'));
  return {
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    caFile: file('ca.pem'),
    emptyDir: file('empty'),
    key: readFileSync(file('server.key'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
  };
}
