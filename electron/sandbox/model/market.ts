import { Decimal } from '../../../shared/money/index.ts';
import { nextInt } from './rng.ts';
import type { MarketState } from './types.ts';

/**
 * The market: a catalogue of currencies and pairs, and prices that move on a seeded random walk.
 *
 * Prices are kept in USD as decimal text and step every TICK_MS of the injected clock, each step
 * drawn from the seeded generator, so the same seed and clock give the same prices. The walk runs
 * only forward; a clock that jumps far ahead skips to the last MAX_STEPS ticks.
 *
 * Currency codes: the two USDT networks are `USDTERC20` (Ethereum) and `USDTTRC20` (Tron); XRP
 * carries a destination tag. Pairs: every two different currencies, except fiat to fiat and the
 * XRP-TRX pair (so "pair not available" can be seen).
 */

export type CurrencyKind = 'crypto' | 'fiat';

export interface CurrencyInfo {
  code: string;
  kind: CurrencyKind;
  /** Places used to write the minimum amount: "10.00 EUR", "0.00010000 BTC". */
  places: number;
  minAmount: string;
  startUsd: string;
  /** Largest step of the walk, in parts per million. */
  stepPpm: number;
  /** Address family, for generating deposit addresses and checking withdrawal addresses. */
  network?: 'btc' | 'ltc' | 'evm' | 'tron' | 'xrp';
  hasTag?: boolean;
  miningFee?: string;
}

export const CATALOGUE: readonly CurrencyInfo[] = [
  { code: 'BTC', kind: 'crypto', places: 8, minAmount: '0.0001', startUsd: '65000', stepPpm: 3000, network: 'btc', miningFee: '0.00002' },
  { code: 'ETH', kind: 'crypto', places: 8, minAmount: '0.001', startUsd: '3200', stepPpm: 3500, network: 'evm', miningFee: '0.0004' },
  { code: 'LTC', kind: 'crypto', places: 8, minAmount: '0.01', startUsd: '80', stepPpm: 4000, network: 'ltc', miningFee: '0.0001' },
  { code: 'XRP', kind: 'crypto', places: 8, minAmount: '10', startUsd: '0.52', stepPpm: 4000, network: 'xrp', hasTag: true, miningFee: '0.01' },
  { code: 'USDTERC20', kind: 'crypto', places: 8, minAmount: '10', startUsd: '1', stepPpm: 100, network: 'evm', miningFee: '2' },
  { code: 'USDTTRC20', kind: 'crypto', places: 8, minAmount: '10', startUsd: '1', stepPpm: 100, network: 'tron', miningFee: '1' },
  { code: 'USDC', kind: 'crypto', places: 8, minAmount: '10', startUsd: '1', stepPpm: 100, network: 'evm', miningFee: '2' },
  { code: 'TRX', kind: 'crypto', places: 8, minAmount: '50', startUsd: '0.12', stepPpm: 4000, network: 'tron', miningFee: '1' },
  { code: 'EUR', kind: 'fiat', places: 2, minAmount: '10', startUsd: '1.08', stepPpm: 500 },
  { code: 'USD', kind: 'fiat', places: 2, minAmount: '10', startUsd: '1', stepPpm: 0 },
  { code: 'GBP', kind: 'fiat', places: 2, minAmount: '10', startUsd: '1.27', stepPpm: 500 },
];

export const TICK_MS = 10_000;
const MAX_STEPS = 10_000;
const BLOCKED_PAIRS = new Set(['XRP:TRX', 'TRX:XRP']);

export function currencyInfo(code: string): CurrencyInfo | undefined {
  return CATALOGUE.find((c) => c.code === code);
}

export function isCrypto(code: string): boolean {
  return currencyInfo(code)?.kind === 'crypto';
}

export function isPairAvailable(from: string, to: string): boolean {
  const a = currencyInfo(from);
  const b = currencyInfo(to);
  if (!a || !b || a.code === b.code) return false;
  if (a.kind === 'fiat' && b.kind === 'fiat') return false;
  return !BLOCKED_PAIRS.has(`${from}:${to}`);
}

/** The minimum amount written as the service writes it in messages: "10.00", "0.00010000". */
export function formattedMinimum(info: CurrencyInfo): string {
  return new Decimal(info.minAmount).toFixed(info.places);
}

export function initialMarket(seed: number): MarketState {
  return {
    tick: null,
    rng: seed | 0,
    prices: Object.fromEntries(CATALOGUE.map((c) => [c.code, c.startUsd])),
  };
}

/** Moves the walk forward to the tick of `now`. */
export function advanceMarket(market: MarketState, now: number): void {
  const target = Math.floor(now / TICK_MS);
  if (market.tick === null) {
    market.tick = target;
    return;
  }
  if (target <= market.tick) return;
  let tick = Math.max(market.tick, target - MAX_STEPS);
  const rng = { value: market.rng };
  while (tick < target) {
    for (const info of CATALOGUE) {
      if (info.stepPpm === 0) continue;
      const step = nextInt(rng, -info.stepPpm, info.stepPpm);
      const factor = new Decimal(1_000_000 + step).div(1_000_000);
      market.prices[info.code] = new Decimal(market.prices[info.code] ?? info.startUsd).times(factor).round(12, Decimal.roundHalfUp).toFixed();
    }
    tick += 1;
  }
  market.tick = target;
  market.rng = rng.value;
}

/** Units of `to` for one unit of `from`, rounded down to 8 places. */
export function priceOf(market: MarketState, from: string, to: string, now: number): string {
  advanceMarket(market, now);
  const fromUsd = market.prices[from];
  const toUsd = market.prices[to];
  if (fromUsd === undefined || toUsd === undefined) throw new Error(`Unknown currency ${from} or ${to}`);
  // The shared constructor keeps 50 places and cuts, so that the cut to 8 here is exact.
  return new Decimal(fromUsd).div(toUsd).round(8, Decimal.roundDown).toFixed(8);
}

export interface PairView {
  currency_from: { currency: string; type: CurrencyKind; min_amount?: string; min_amount_deposit_with_exchange?: string };
  currency_to: { currency: string; type: CurrencyKind };
  rate_from: string;
  rate_to: string;
}

/** The pairs list of spec 2.5; the min fields appear on crypto `currency_from` as in the sample. */
export function listPairs(market: MarketState, now: number, from?: string, to?: string): PairView[] {
  const pairs: PairView[] = [];
  for (const a of CATALOGUE) {
    if (from !== undefined && a.code !== from) continue;
    for (const b of CATALOGUE) {
      if (to !== undefined && b.code !== to) continue;
      if (!isPairAvailable(a.code, b.code)) continue;
      const min = new Decimal(a.minAmount).toFixed(8);
      pairs.push({
        currency_from:
          a.kind === 'crypto'
            ? { currency: a.code, type: a.kind, min_amount: min, min_amount_deposit_with_exchange: min }
            : { currency: a.code, type: a.kind },
        currency_to: { currency: b.code, type: b.kind },
        rate_from: '1',
        rate_to: priceOf(market, a.code, b.code, now),
      });
    }
  }
  return pairs;
}
