import tls from 'node:tls';

/**
 * The certificate authorities the console trusts for https: Node's own roots (Mozilla's bundle,
 * plus NODE_EXTRA_CA_CERTS where the fuses leave it on) and the operating system's trust store,
 * where a company that inspects TLS installs its root certificate. The packaged app cannot take
 * NODE_EXTRA_CA_CERTS (the fuses turn it off), and Node does not read the OS store by default.
 *
 * tls.getCACertificates('system') (Node >= 22.15 / 23.5; Electron 45 ships Node 24) reads the
 * Keychain on macOS, the certificate stores on Windows, and on Linux OpenSSL's default file and
 * folder (/etc/ssl/cert.pem, /etc/ssl/certs), which SSL_CERT_FILE and SSL_CERT_DIR replace
 * (Node PR #57009). Node reads the store once per process, so a root installed while the app runs
 * counts from its next start.
 *
 * One SecureContext for every https connection of the process (to the service and to an HTTPS
 * proxy): building it parses several hundred roots, which would cost more than a handshake if it
 * were done per connection.
 */

let shared: tls.SecureContext | undefined;
/** Whether Node has been asked for the system store, which it reads once per process. */
let systemStoreRead = false;

/**
 * Variables that would put a certificate authority of their choosing into the packaged app's trust:
 * SSL_CERT_FILE and SSL_CERT_DIR replace the Linux system store read below, so that whoever sets
 * them for the app (a launcher, a shortcut, a login script) can read its requests, the API key
 * among them, through an intercepting host.
 *
 * Node does not read them at startup: it reads them the first time the system store is asked for
 * (tls.getCACertificates('system'), from the real environment), so taking them out of process.env,
 * which unsets them in the process's environment, before then is enough, and the only way there
 * is. A packaged build does so first thing (electron/main.ts); should any TLS context have been made
 * before, the store is already read, and this throws rather than pretend.
 *
 * The others need nothing here, because Electron ignores them before any code of ours runs once the
 * nodeOptions fuse is off (electron-builder.yml; https://www.electronjs.org/docs/latest/api/environment-variables,
 * https://www.electronjs.org/docs/latest/tutorial/fuses): NODE_EXTRA_CA_CERTS, which Node reads at
 * its startup, and NODE_OPTIONS (with it --use-openssl-ca, which would read OpenSSL's store and so
 * these two variables again). Such a flag on the command line is refused (shell/debug-switches.ts).
 */
export const CERTIFICATE_STORE_VARIABLES = ['SSL_CERT_FILE', 'SSL_CERT_DIR'] as const;

export function ignoreCertificateStoreVariables(env: NodeJS.ProcessEnv = process.env): void {
  if (systemStoreRead) throw new Error('The system certificate store was read before SSL_CERT_FILE and SSL_CERT_DIR were taken out of the environment.');
  for (const name of CERTIFICATE_STORE_VARIABLES) delete env[name];
}

export function trustedContext(): tls.SecureContext {
  shared ??= tls.createSecureContext({ ca: trustedCertificates() });
  return shared;
}

/**
 * The same roots plus a CA a person named for one server (a team journal's CA file):
 * a context of its own, made once by its user (a connection pool), not per connection.
 */
export function trustedContextWith(extraCaPem: string): tls.SecureContext {
  return tls.createSecureContext({ ca: [...trustedCertificates(), extraCaPem] });
}

/** PEM texts, without repeats. */
function trustedCertificates(): string[] {
  let system: string[] = [];
  systemStoreRead = true;
  try {
    system = tls.getCACertificates('system');
  } catch {
    // A store that cannot be read leaves Node's own roots, which every public service chains to.
  }
  return [...new Set([...tls.getCACertificates('default'), ...system])];
}
