import { AppFailure, worded } from '../../../../shared/ipc/errors.ts';
import { isLoopbackHost } from '../../../../shared/ipc/profile.ts';
import { seconds } from '../seconds.ts';

/**
 * Which way a request goes: straight to the service, or through an HTTP proxy (a CONNECT tunnel,
 * dial.ts). The proxy is the one the system names for the URL, in the PAC form that Electron's
 * session.resolveProxy answers with ("DIRECT", "PROXY host:port; DIRECT", "HTTPS host:port",
 * "SOCKS5 host:port"): it follows the OS settings, PAC scripts and, on Linux, the proxy
 * environment. Under plain Node, proxy-env.ts answers in the same form.
 *
 * The choices (README, "Networks at work"):
 *  - loopback never goes through a proxy: the local sandbox lives there (Chromium bypasses
 *    loopback too), and the system is not even asked;
 *  - the entries are taken in order and the first one the console can use is the route. A later
 *    entry is not tried when that one fails: a failing proxy is reported, never silently bypassed;
 *  - SOCKS (and QUIC) proxies are not supported: skipped when the answer offers another way
 *    (typically "; DIRECT"), a configuration error when it does not;
 *  - plain http (allowed for loopback only, by the profiles' rule) is never sent through a proxy,
 *    which would read it: with no DIRECT in the answer it is a configuration error.
 */

/** The system's proxy for a URL, as a PAC result string. */
export type ResolveProxy = (url: string) => Promise<string>;

export type Route =
  | { kind: 'direct' }
  | {
      kind: 'proxy';
      host: string;
      port: number;
      /** An "HTTPS" entry: the connection to the proxy itself is TLS. */
      secure: boolean;
      /** host:port, as the system named it, for messages. */
      address: string;
    };

export const DIRECT: Route = { kind: 'direct' };

/** Defaults of Chromium's PAC parser when an entry names no port. */
const DEFAULT_PROXY_PORT: Record<string, number> = { PROXY: 80, HTTP: 80, HTTPS: 443 };

/** The route for `url` from the system's PAC answer; a configuration AppFailure when none is usable. */
export function chooseRoute(url: URL, answer: string): Route {
  if (isLoopbackHost(url.hostname)) return DIRECT;
  const entries = answer.split(';').map((entry) => entry.trim()).filter((entry) => entry !== '');
  // An empty answer is how Chromium says "no proxy".
  if (entries.length === 0) return DIRECT;
  const unusable: string[] = [];
  for (const entry of entries) {
    const [word = '', address = ''] = entry.split(/\s+/, 2);
    const scheme = word.toUpperCase();
    if (scheme === 'DIRECT') return DIRECT;
    const defaultPort = DEFAULT_PROXY_PORT[scheme];
    const proxy = defaultPort === undefined ? null : proxyAt(address, defaultPort);
    if (proxy && url.protocol === 'https:') return { kind: 'proxy', ...proxy, secure: scheme === 'HTTPS' };
    unusable.push(`${scheme} ${address}`.trim());
  }
  throw worded(
    { kind: 'configuration' },
    url.protocol === 'https:'
      ? { id: 'main.platform.api.proxy.unusable', values: { host: url.host, entries: unusable.join('; ') } }
      : { id: 'main.platform.api.proxy.plainHttp', values: { host: url.host } },
  );
}

function proxyAt(address: string, defaultPort: number): { host: string; port: number; address: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(`http://${address}`);
  } catch {
    return null;
  }
  if (parsed.hostname === '' || parsed.username !== '' || parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '') return null;
  const port = parsed.port === '' ? defaultPort : Number(parsed.port);
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port, address: `${parsed.hostname}:${port}` };
}

const LATE = Symbol('late');

const unreadable = (url: URL) => worded({ kind: 'configuration' }, { id: 'main.platform.api.proxy.unreadable', values: { host: url.host } });

/**
 * Asks the system for the route to `url`. A PAC script can take its time (it may be fetched from
 * the network), so the answer is awaited at most `timeoutMs`; nothing has been sent by then.
 */
export async function routeFor(url: URL, resolveProxy: ResolveProxy, timeoutMs: number): Promise<Route> {
  if (isLoopbackHost(url.hostname)) return DIRECT;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), timeoutMs);
  });
  let answer: unknown;
  try {
    answer = await Promise.race([resolveProxy(url.href), late]);
  } catch (error) {
    // proxy-env.ts explains a bad variable itself; anything else is said in general words.
    throw error instanceof AppFailure ? error : unreadable(url);
  } finally {
    clearTimeout(timer);
  }
  if (answer === LATE) {
    throw worded({ kind: 'timeout' }, { id: 'main.platform.api.proxy.noAnswer', values: { host: url.host, seconds: seconds(timeoutMs) } });
  }
  if (typeof answer !== 'string') throw unreadable(url);
  return chooseRoute(url, answer);
}
