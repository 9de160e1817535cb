/**
 * What a deposit address's QR code holds (docs/service-interface.md, "addresses/take": "a QR code in
 * the currency's URI form, bitcoin: for BTC"): the address in its chain's URI scheme, with no amount,
 * since the address is the customer's for any payment. Where the currency needs a tag (XRP's
 * destination tag), the URI carries it too (`?dt=`, as XRP wallets read it), because a payment
 * without it is lost; the screen shows the tag beside the code anyway.
 *
 * A token (USDT on Ethereum or Tron, USDC) has no URI of its own short of EIP-681's contract form,
 * and `ethereum:<address>` would ask a wallet to send ether, not the token: so a token's code, and
 * any currency whose scheme the console does not know, holds the bare address, which every wallet
 * reads, and the screen says which coin to choose.
 */

const SCHEMES: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  LTC: 'litecoin',
  BCH: 'bitcoincash',
  DOGE: 'dogecoin',
  DASH: 'dash',
  ETH: 'ethereum',
  TRX: 'tron',
  XRP: 'ripple',
};

/** The query parameter a scheme's wallets read a destination tag from. */
const TAG_PARAMETERS: Readonly<Record<string, string>> = { ripple: 'dt' };

export type AddressCode =
  /** The address in its currency's URI scheme (and its tag, where the scheme has a place for it). */
  | { form: 'uri'; text: string; scheme: string }
  /** The bare address: a token, or a currency whose scheme is not known here. */
  | { form: 'bare'; text: string };

export function addressCode(currency: string, address: string, tag: string | null | undefined): AddressCode {
  const scheme = Object.hasOwn(SCHEMES, currency) ? SCHEMES[currency] : undefined;
  if (scheme === undefined) return { form: 'bare', text: address };
  const tagParameter = Object.hasOwn(TAG_PARAMETERS, scheme) ? TAG_PARAMETERS[scheme] : undefined;
  const withTag = tag && tagParameter ? `?${tagParameter}=${encodeURIComponent(tag)}` : '';
  return { form: 'uri', text: `${scheme}:${address}${withTag}`, scheme };
}
