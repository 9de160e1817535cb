import { describe, expect, it } from 'vitest';
import { failureOf } from '../test-fixtures.ts';
import { proxyFromEnvironment } from './proxy-env.ts';

/** The proxy environment under plain Node, answered in the PAC form of Electron's resolveProxy. */

const service = 'https://app.cryptoprocessing.com/api/v2/transactions/info';
const ask = (env: NodeJS.ProcessEnv, url = service) => proxyFromEnvironment(env)(url);

describe('the proxy environment variables', () => {
  it('no variable is DIRECT', async () => {
    expect(await ask({})).toBe('DIRECT');
    expect(await ask({ HTTPS_PROXY: '  ' })).toBe('DIRECT');
  });

  it('https takes https_proxy before HTTPS_PROXY before ALL_PROXY; http takes HTTP_PROXY', async () => {
    expect(await ask({ https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2', ALL_PROXY: 'http://all:3' })).toBe('PROXY lower:1');
    expect(await ask({ HTTPS_PROXY: 'http://upper:2', ALL_PROXY: 'http://all:3' })).toBe('PROXY upper:2');
    expect(await ask({ ALL_PROXY: 'http://all:3' })).toBe('PROXY all:3');
    expect(await ask({ HTTPS_PROXY: 'http://secure-only:2' }, 'http://processing.example/api/v2')).toBe('DIRECT');
    expect(await ask({ HTTP_PROXY: 'http://plain:4' }, 'http://processing.example/api/v2')).toBe('PROXY plain:4');
  });

  it('a bare host:port is an HTTP proxy; https:// an HTTPS proxy; socks a SOCKS one; default ports by scheme', async () => {
    expect(await ask({ HTTPS_PROXY: 'proxy.corp:3128' })).toBe('PROXY proxy.corp:3128');
    expect(await ask({ HTTPS_PROXY: 'https://proxy.corp' })).toBe('HTTPS proxy.corp:443');
    expect(await ask({ HTTPS_PROXY: 'http://proxy.corp' })).toBe('PROXY proxy.corp:80');
    expect(await ask({ HTTPS_PROXY: 'socks5://socks.corp:1080' })).toBe('SOCKS5 socks.corp:1080');
  });

  it('a user name and password are left out of the answer', async () => {
    expect(await ask({ HTTPS_PROXY: 'http://me:hunter2@proxy.corp:3128' })).toBe('PROXY proxy.corp:3128');
  });

  it('a value that is no proxy address is a configuration error that does not repeat the value', async () => {
    const error = await failureOf(ask({ HTTPS_PROXY: 'ftp://me:hunter2@proxy.corp' }));
    expect(error).toEqual({ kind: 'configuration', message: 'The environment variable HTTPS_PROXY does not hold a proxy address the console can read.' });
    expect((await failureOf(ask({ HTTPS_PROXY: 'http://' }))).kind).toBe('configuration');
  });

  describe('NO_PROXY', () => {
    const through = { HTTPS_PROXY: 'http://proxy.corp:3128' };
    const bypass = async (noProxy: string, url = service) => (await ask({ ...through, NO_PROXY: noProxy }, url)) === 'DIRECT';

    it('a name matches itself and its subdomains, with or without a leading dot, any case', async () => {
      expect(await bypass('cryptoprocessing.com')).toBe(true);
      expect(await bypass('.cryptoprocessing.com')).toBe(true);
      expect(await bypass('*.CryptoProcessing.com')).toBe(true);
      expect(await bypass('app.cryptoprocessing.com')).toBe(true);
      expect(await bypass('processing.com')).toBe(false);
      expect(await bypass('other.example, ,intranet')).toBe(false);
    });

    it('* matches everything; a list may use commas or spaces', async () => {
      expect(await bypass('*')).toBe(true);
      expect(await bypass('intranet other.example cryptoprocessing.com')).toBe(true);
    });

    it('a port limits the match to that port (443 for https by default)', async () => {
      expect(await bypass('app.cryptoprocessing.com:443')).toBe(true);
      expect(await bypass('app.cryptoprocessing.com:8443')).toBe(false);
      expect(await bypass('app.cryptoprocessing.com:8443', 'https://app.cryptoprocessing.com:8443/api/v2')).toBe(true);
    });

    it('IPv6 addresses, bare or in brackets', async () => {
      expect(await bypass('fd00::1', 'https://[fd00::1]/api/v2')).toBe(true);
      expect(await bypass('[fd00::1]:443', 'https://[fd00::1]/api/v2')).toBe(true);
      expect(await bypass('fd00::2', 'https://[fd00::1]/api/v2')).toBe(false);
    });

    it('no_proxy in lower case is read first', async () => {
      expect(await ask({ ...through, no_proxy: 'cryptoprocessing.com', NO_PROXY: 'other.example' })).toBe('DIRECT');
    });
  });
});
