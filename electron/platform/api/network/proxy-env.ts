import { worded } from '../../../../shared/ipc/errors.ts';
import type { ResolveProxy } from './route.ts';

/**
 * The system's proxy where Electron's session.resolveProxy is not there to ask (plain Node: the
 * tests, the bench, the browser harness, the sandbox CLI): the environment variables, read the way
 * curl reads them, and answered in the PAC form of resolveProxy so that route.ts serves both.
 *
 *  - https: `https_proxy`, then `HTTPS_PROXY`, then `all_proxy` / `ALL_PROXY`;
 *    http: `http_proxy` / `HTTP_PROXY` (lower case first, as curl).
 *  - A value is a URL (`http://proxy.corp:3128`, `https://...`, `socks5://...`) or a bare
 *    `host:port` (an HTTP proxy). A user name and password in it are not used: the PAC form has no
 *    place for them, and a proxy that wants a login answers 407, which the console reports.
 *  - `no_proxy` / `NO_PROXY`: names separated by commas or spaces; `*` is everything; a name
 *    matches itself and its subdomains (`corp.example` and `.corp.example` alike); `host:port`
 *    matches that port only. IP ranges (CIDR) are not understood.
 */
export function proxyFromEnvironment(env: NodeJS.ProcessEnv = process.env): ResolveProxy {
  return async (url) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const names = secure ? ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'] : ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'];
    const name = names.find((candidate) => (env[candidate] ?? '').trim() !== '');
    if (name === undefined || bypassed(target, env.no_proxy ?? env.NO_PROXY ?? '')) return 'DIRECT';
    return pacEntry(name, (env[name] ?? '').trim());
  };
}

const PAC_WORDS: Record<string, string> = { 'http:': 'PROXY', 'https:': 'HTTPS', 'socks:': 'SOCKS', 'socks4:': 'SOCKS', 'socks5:': 'SOCKS5', 'socks5h:': 'SOCKS5' };

function pacEntry(name: string, value: string): string {
  let proxy: URL | null;
  try {
    proxy = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    proxy = null;
  }
  const word = proxy ? PAC_WORDS[proxy.protocol] : undefined;
  // The value itself is not repeated: it may carry a password.
  if (!proxy || !word || proxy.hostname === '') {
    throw worded({ kind: 'configuration' }, { id: 'main.platform.api.proxy.badVariable', values: { name } });
  }
  const port = proxy.port === '' ? (proxy.protocol === 'https:' ? 443 : 80) : Number(proxy.port);
  return `${word} ${proxy.hostname}:${port}`;
}

function bypassed(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port === '' ? (target.protocol === 'https:' ? '443' : '80') : target.port;
  return noProxy
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      if (entry === '*') return true;
      const { name, entryPort } = splitEntry(entry.toLowerCase());
      if (entryPort !== undefined && entryPort !== port) return false;
      const domain = name.replace(/^\*?\./, '');
      return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
    });
}

/** `name`, `name:port`, `[v6]`, `[v6]:port` or a bare IPv6 address (whose colons are no port). */
function splitEntry(entry: string): { name: string; entryPort: string | undefined } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bracketed[1] ?? '', entryPort: bracketed[2] };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { name: withPort[1] ?? '', entryPort: withPort[2] };
  return { name: entry, entryPort: undefined };
}
