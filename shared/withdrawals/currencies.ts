/**
 * Which network each currency is paid out on, and whether it takes a tag: what the address rules
 * (destination.ts) go by. The codes are the service's and its sandbox's spellings; a token is
 * paid out to an address of the network it lives on. A code not here has no rules of its own
 * (docs/withdrawals.md, "Currencies the console has no rules for").
 */

export type Network = 'bitcoin' | 'litecoin' | 'ethereum' | 'tron' | 'xrp';

export const NETWORK_NAMES: Readonly<Record<Network, string>> = {
  bitcoin: 'Bitcoin',
  litecoin: 'Litecoin',
  ethereum: 'Ethereum',
  tron: 'Tron',
  xrp: 'XRP Ledger',
};

export interface DestinationRules {
  network: Network;
  /** `destination-tag`: a tag is required, a whole number up to 4294967295 (the XRP Ledger's). */
  tag: 'none' | 'destination-tag';
}

const on = (network: Network, tag: DestinationRules['tag'] = 'none'): DestinationRules => ({ network, tag });

export const CURRENCY_RULES: Readonly<Record<string, DestinationRules>> = {
  BTC: on('bitcoin'),
  LTC: on('litecoin'),
  ETH: on('ethereum'),
  // Tokens on Ethereum (ERC-20): USDT under both of its codes, and USDC.
  USDTERC20: on('ethereum'),
  USDTE: on('ethereum'),
  USDC: on('ethereum'),
  TRX: on('tron'),
  // USDT on Tron (TRC-20), under both of its codes.
  USDTTRC20: on('tron'),
  USDTT: on('tron'),
  XRP: on('xrp', 'destination-tag'),
};

/** The rules of `currency` (its code in any case), or null for a code the console has none for. */
export function destinationRules(currency: string): DestinationRules | null {
  const code = currency.trim().toUpperCase();
  return Object.hasOwn(CURRENCY_RULES, code) ? (CURRENCY_RULES[code] ?? null) : null;
}
