import { describe, expect, it } from 'vitest';
import { addressCode } from './address-uri.ts';

/** What the code holds; null where no code is drawn. */
const codeText = (...args: Parameters<typeof addressCode>): string | null => {
  const code = addressCode(...args);
  return code.form === 'none' ? null : code.text;
};

describe('what a deposit address’s QR code holds', () => {
  it('is the address in its currency’s URI scheme, with no amount', () => {
    expect(addressCode('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', null)).toEqual({
      form: 'uri',
      scheme: 'bitcoin',
      text: 'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(codeText('ETH', '0x52908400098527886E0F7030069857D2E4169EE7', null)).toBe('ethereum:0x52908400098527886E0F7030069857D2E4169EE7');
    expect(codeText('LTC', 'ltc1qg82xr4wm7gwr0k3dqfd5j4z8hq6kzrk2j6u0rm', null)).toBe('litecoin:ltc1qg82xr4wm7gwr0k3dqfd5j4z8hq6kzrk2j6u0rm');
    expect(codeText('TRX', 'TQ5NJ6c5R1XwFzUUF8dDqjWkvrNPNrpc4G', null)).toBe('tron:TQ5NJ6c5R1XwFzUUF8dDqjWkvrNPNrpc4G');
    expect(codeText('BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', null)).toBe('bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT');
  });

  it('carries an XRP destination tag, which a payment cannot do without', () => {
    expect(addressCode('XRP', 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', '123456789')).toEqual({
      form: 'uri',
      scheme: 'ripple',
      text: 'ripple:rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?dt=123456789',
    });
    expect(codeText('XRP', 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', null)).toBe('ripple:rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY');
  });

  it('is the bare address for a token, which ethereum: would send as ether, and for a currency not known here', () => {
    expect(addressCode('USDTERC20', '0x52908400098527886E0F7030069857D2E4169EE7', null)).toEqual({ form: 'bare', text: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect(addressCode('USDTTRC20', 'TQ5NJ6c5R1XwFzUUF8dDqjWkvrNPNrpc4G', null)).toEqual({ form: 'bare', text: 'TQ5NJ6c5R1XwFzUUF8dDqjWkvrNPNrpc4G' });
    expect(addressCode('XLM', 'GABC', '42')).toEqual({ form: 'bare', text: 'GABC' });
    expect(addressCode('constructor', 'x', null)).toEqual({ form: 'bare', text: 'x' });
  });

  it('is no code at all for an address that does not look like one of its currency: nothing of it reaches a wallet', () => {
    const crafted = [
      ['XRP', 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?dt=1'],
      ['XRP', 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GD0'], // 0 is not in XRP's alphabet
      ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=5'],
      ['BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyO'], // O is not base58
      ['ETH', '0x52908400098527886E0F7030069857D2E4169EE'],
      ['ETH', 'ethereum:0x52908400098527886E0F7030069857D2E4169EE7'],
      ['USDTERC20', '0x52908400098527886E0F7030069857D2E4169EE7&value=1'],
      ['XLM', 'GABC:memo'],
      ['XLM', 'GA\u202EBC'],
      ['LTC', ''],
    ] as const;
    for (const [currency, address] of crafted) {
      expect(addressCode(currency, address, '4242'), `${currency} ${address}`).toEqual({ form: 'none' });
    }
  });

  it('encodes the tag as a query value, and writes a cash address’s scheme once', () => {
    expect(codeText('XRP', 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', '1&x=2')).toBe('ripple:rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?dt=1%26x%3D2');
    const cash = 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
    expect(codeText('BCH', `bitcoincash:${cash}`, null)).toBe(`bitcoincash:${cash}`);
    expect(codeText('BCH', cash, null)).toBe(`bitcoincash:${cash}`);
  });
});
