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

export function trustedContext(): tls.SecureContext {
  shared ??= tls.createSecureContext({ ca: trustedCertificates() });
  return shared;
}

/**
 * The same roots plus a CA a person named for one server (a team journal's CA file, issue 15):
 * a context of its own, made once by its user (a connection pool), not per connection.
 */
export function trustedContextWith(extraCaPem: string): tls.SecureContext {
  return tls.createSecureContext({ ca: [...trustedCertificates(), extraCaPem] });
}

/** PEM texts, without repeats. */
function trustedCertificates(): string[] {
  let system: string[] = [];
  try {
    system = tls.getCACertificates('system');
  } catch {
    // A store that cannot be read leaves Node's own roots, which every public service chains to.
  }
  return [...new Set([...tls.getCACertificates('default'), ...system])];
}
