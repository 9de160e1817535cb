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

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = 'ac-hj-np-z02-9';
/** XRP's own base58 alphabet (another order, and its addresses start with "r"). */
const XRP_BASE58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const legacy = (first: string) => `[${first}][${BASE58}]{25,34}`;
const bech32 = (prefix: string) => `${prefix}1[${BECH32}]{6,87}|${prefix.toUpperCase()}1[${BECH32.toUpperCase()}]{6,87}`;
const whole = (...forms: string[]) => new RegExp(`^(?:${forms.join('|')})$`);
const EVM = whole('0x[0-9a-fA-F]{40}');
const TRON = whole(`T[${BASE58}]{33}`);

/**
 * What an address of each currency looks like, conservatively: its alphabet and length, no
 * checksum. An address that does not fit is never put in a code: a crafted answer such as
 * "r…?dt=1" would otherwise carry its own tag (or anything else) into the customer's wallet.
 */
const ADDRESS_FORMS: Readonly<Record<string, RegExp>> = {
  BTC: whole(legacy('13'), bech32('bc')),
  LTC: whole(legacy('LM3'), bech32('ltc')),
  BCH: whole(legacy('13'), `(?:bitcoincash:)?[qp][${BECH32}]{41}`),
  DOGE: whole(legacy('DA9')),
  DASH: whole(legacy('X7')),
  ETH: EVM,
  USDTERC20: EVM,
  USDCERC20: EVM,
  TRX: TRON,
  USDTTRC20: TRON,
  XRP: whole(`r[${XRP_BASE58}]{24,34}`),
};
/** A currency not known here: letters and digits only, nothing a URI or a wallet reads as syntax. */
const UNKNOWN_FORM = /^[A-Za-z0-9]{1,128}$/;

/** The query parameter a scheme's wallets read a destination tag from. */
const TAG_PARAMETERS: Readonly<Record<string, string>> = { ripple: 'dt' };

export type AddressCode =
  /** The address in its currency's URI scheme (and its tag, where the scheme has a place for it). */
  | { form: 'uri'; text: string; scheme: string }
  /** The bare address: a token, or a currency whose scheme is not known here. */
  | { form: 'bare'; text: string }
  /** No code at all: the address does not look like one of its currency, so it is only shown, flagged (the screen says why). */
  | { form: 'none' };

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

export function addressCode(currency: string, address: string, tag: string | null | undefined): AddressCode {
  const form = own(ADDRESS_FORMS, currency) ?? UNKNOWN_FORM;
  if (!form.test(address)) return { form: 'none' };
  const scheme = own(SCHEMES, currency);
  if (scheme === undefined) return { form: 'bare', text: address };
  const tagParameter = own(TAG_PARAMETERS, scheme);
  const withTag = tag && tagParameter ? `?${tagParameter}=${encodeURIComponent(tag)}` : '';
  // A cash address may come with its scheme already: it is not written twice.
  const path = address.startsWith(`${scheme}:`) ? address.slice(scheme.length + 1) : address;
  return { form: 'uri', text: `${scheme}:${path}${withTag}`, scheme };
}
