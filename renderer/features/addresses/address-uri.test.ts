import { describe, expect, it } from 'vitest';
import { addressCode } from './address-uri.ts';

describe('what a deposit address’s QR code holds', () => {
  it('is the address in its currency’s URI scheme, with no amount', () => {
    expect(addressCode('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', null)).toEqual({
      form: 'uri',
      scheme: 'bitcoin',
      text: 'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(addressCode('ETH', '0x52908400098527886E0F7030069857D2E4169EE7', null).text).toBe('ethereum:0x52908400098527886E0F7030069857D2E4169EE7');
    expect(addressCode('LTC', 'ltc1qxyz', null).text).toBe('litecoin:ltc1qxyz');
    expect(addressCode('TRX', 'TQ5NJ6c5R1Xw', null).text).toBe('tron:TQ5NJ6c5R1Xw');
    expect(addressCode('BTC', 'bc1qxyz', null).text).not.toMatch(/amount/);
  });

  it('carries an XRP destination tag, which a payment cannot do without', () => {
    expect(addressCode('XRP', 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', '123456789')).toEqual({
      form: 'uri',
      scheme: 'ripple',
      text: 'ripple:rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?dt=123456789',
    });
    expect(addressCode('XRP', 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', null).text).toBe('ripple:rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY');
  });

  it('is the bare address for a token, which ethereum: would send as ether, and for a currency not known here', () => {
    expect(addressCode('USDTERC20', '0x52908400098527886E0F7030069857D2E4169EE7', null)).toEqual({ form: 'bare', text: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect(addressCode('USDTTRC20', 'TQ5NJ6c5R1Xw', null)).toEqual({ form: 'bare', text: 'TQ5NJ6c5R1Xw' });
    expect(addressCode('XLM', 'GABC', '42')).toEqual({ form: 'bare', text: 'GABC' });
    expect(addressCode('constructor', 'x', null)).toEqual({ form: 'bare', text: 'x' });
  });
});
