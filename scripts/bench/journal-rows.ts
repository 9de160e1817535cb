/**
 * The journal search bench's entries: a finance team's two years of work, generated row by row from
 * its number alone (so a search can name an entry deep in the middle without keeping a million in
 * memory, and both engines hold the very same rows). Invoices, exchanges, deposit addresses and
 * lookups in the proportions a shop has them; mostly succeeded, some failed, a rare unknown; eight
 * people on their computers; titles, customer references, txids and addresses to search by.
 */

/** The profile History searches; a second merchant account shares the database with a tenth of the rows. */
export const BENCH_PROFILE = 'bench-profile';
const OTHER_PROFILE = 'bench-other-profile';

/** Two years of entries, oldest first: an entry's time rises with its number, as a journal is written. */
export const FIRST_DAY = Date.UTC(2024, 6, 1);
const SPAN_MS = 730 * 86_400_000;

/** The columns of a seeded row, in the order `benchRow` gives their values: every column of schema version 6 but the id. */
export const BENCH_COLUMNS = [
  'profile_id', 'profile_name', 'origin', 'operation', 'state', 'foreign_id', 'service_id', 'service_status', 'title',
  'end_user_reference', 'currency', 'amount', 'request', 'response', 'http_status', 'duration_ms', 'message',
  'created_at', 'updated_at', 'sent_at', 'txids', 'address', 'made_by', 'made_on', 'desktop_id', 'resolved_by',
  'resolved_on', 'resolved_at', 'entry_uid',
] as const;

export type BenchValue = string | number | null;

/** People, weighted as a team works: two do most of it. */
const PEOPLE: ReadonlyArray<[name: string, computer: string, weight: number]> = [
  ['Ana Ruiz', 'FIN-LAPTOP-01', 30],
  ['Jonas Berg', 'FIN-LAPTOP-02', 22],
  ['Mei Tanaka', 'FIN-DESK-07', 12],
  ['Olivia Brown', 'FIN-LAPTOP-04', 10],
  ['Karim Haddad', 'OPS-DESK-02', 9],
  ['Lucía Fernández', 'FIN-LAPTOP-05', 7],
  ['Piotr Nowak', 'OPS-LAPTOP-03', 6],
  ['Sara Lindqvist', 'FIN-DESK-09', 4],
];
const PEOPLE_WEIGHT = PEOPLE.reduce((sum, [, , weight]) => sum + weight, 0);

const PRODUCTS = [
  'walnut desk', 'oak shelf', 'linen throw', 'ceramic mug', 'copper kettle', 'wool rug', 'glass vase', 'bamboo tray',
  'leather bag', 'cotton towel', 'steel lamp', 'pine stool', 'marble board', 'silk scarf', 'clay planter', 'brass hook',
  'velvet cushion', 'cedar box', 'jute basket', 'porcelain bowl', 'maple chair', 'tin canister', 'felt slippers', 'ash frame',
];
const FIAT = ['EUR', 'USD', 'GBP', 'CHF'];
const CRYPTO = ['BTC', 'ETH', 'USDTTRC20', 'USDTERC20', 'LTC'];
const LOOKUP_STATUSES = ['confirmed', 'confirmed', 'confirmed', 'confirmed', 'not_confirmed', 'pending', 'declined', 'cancelled'];
/** The service's status right after each submission (spec 3.2, 3.3); an address has none. */
const STATUS_AFTER: Record<string, string> = { 'invoices.create': 'created', 'exchange.place': 'processing' };
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

/** A small, fast generator (mulberry32): the same number gives the same row on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Draw = { below(n: number): number; pick<T>(list: readonly T[]): T; chars(alphabet: string, length: number): string };

function drawFrom(next: () => number): Draw {
  const below = (n: number) => Math.floor(next() * n);
  return {
    below,
    pick: (list) => list[below(list.length)] as (typeof list)[number],
    chars: (alphabet, length) => Array.from({ length }, () => alphabet.charAt(below(alphabet.length))).join(''),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const padded = (n: number, width: number) => String(n).padStart(width, '0');

/** The txids a lookup saw: the one it asked for first. */
export function benchTxids(index: number): string[] {
  const draw = drawFrom(random(index * 7919 + 17));
  return Array.from({ length: 1 + draw.below(3) }, () => draw.chars(HEX, 64));
}

export const benchForeignId = (operation: string, index: number): string =>
  `${{ 'invoices.create': 'INV', 'exchange.place': 'EXC', 'addresses.take': 'ADR' }[operation] ?? 'X'}-${padded(index, 8)}`;

const benchReference = (customer: number): string => `CUST-${padded(customer, 5)}`;

/** Which operation entry `index` is: 45 % invoices, 30 % lookups, 15 % exchanges, 10 % addresses. */
export function benchOperation(index: number): string {
  const slot = index % 20;
  if (slot < 9) return 'invoices.create';
  if (slot < 15) return 'transactions.lookup';
  if (slot < 18) return 'exchange.place';
  return 'addresses.take';
}

/** A rare unknown outcome (a lost answer): about one in five thousand; every fourth of them resolved since. */
const isUnknownOnce = (index: number) => index % 4_999 === 1_234;

/** Whose entry `index` is: every tenth belongs to the other merchant account. */
export const inBenchProfile = (index: number): boolean => index % 10 !== 9;

/** Entry `index` of `count`, its values in BENCH_COLUMNS order. */
export function benchRow(index: number, count: number): BenchValue[] {
  const draw = drawFrom(random(index * 2_654_435_761 + 1));
  const operation = benchOperation(index);
  const created = FIRST_DAY + Math.floor((index * SPAN_MS) / count) + draw.below(1000);
  const duration = 40 + draw.below(400);
  const [madeBy, madeOn] = person(draw.below(PEOPLE_WEIGHT));
  const profile = inBenchProfile(index) ? BENCH_PROFILE : OTHER_PROFILE;
  const unknownOnce = isUnknownOnce(index);
  const resolved = unknownOnce && index % 4 === 0;
  const state = unknownOnce && !resolved ? 'unknown' : draw.below(100) < 8 ? 'failed' : 'succeeded';
  const succeeded = state === 'succeeded';
  const isLookup = operation === 'transactions.lookup';
  const fiat = draw.pick(FIAT);
  const crypto = draw.pick(CRYPTO);
  const amount = `${1 + draw.below(4_999)}.${padded(draw.below(100), 2)}`;
  const serviceId = succeeded && !isLookup ? String(134_700_000 + index) : null;
  const txids = isLookup ? benchTxids(index) : null;
  const foreignId = isLookup ? null : benchForeignId(operation, index);
  const reference = operation === 'invoices.create' || operation === 'addresses.take' ? benchReference(draw.below(30_000)) : null;
  const title = operation === 'invoices.create' ? `Order ${100_000 + index}: ${draw.pick(PRODUCTS)}` : null;
  const address = operation === 'addresses.take' && succeeded ? `T${draw.chars(BASE58, 33)}` : null;
  const status = !succeeded ? null : isLookup ? draw.pick(LOOKUP_STATUSES) : (STATUS_AFTER[operation] ?? null);
  const request = isLookup ? { txid: txids?.[0] } : { foreign_id: foreignId, amount, currency: operation === 'invoices.create' ? fiat : crypto, title, end_user_reference: reference };
  const response = succeeded ? JSON.stringify(isLookup ? { transactions: txids?.map((txid) => ({ txid, status, amount, currency: crypto })) } : { data: { id: Number(serviceId), ...request, status, created_at: iso(created) } }) : null;
  return [
    profile, profile === BENCH_PROFILE ? 'Bench shop' : 'Other shop', 'https://app.cryptoprocessing.com', operation, state, foreignId,
    serviceId, status, title, reference, operation === 'invoices.create' ? fiat : crypto, isLookup ? null : amount,
    JSON.stringify(request), response, state === 'unknown' ? null : succeeded ? 201 : 422, state === 'unknown' ? null : duration,
    state === 'failed' ? 'amount: The amount must be at least 1.' : state === 'unknown' ? 'No answer came within 30 s.' : resolved ? 'Resolved by hand: seen in the back office' : null,
    iso(created), iso(created + duration), isLookup ? null : iso(created + 5), txids ? JSON.stringify(txids) : null, address,
    madeBy, madeOn, `desktop-${madeOn}`, resolved ? 'Ana Ruiz' : null, resolved ? 'FIN-LAPTOP-01' : null, resolved ? iso(created + 86_400_000) : null,
    `bench-${padded(index, 8)}-${draw.chars(HEX, 12)}`,
  ];
}

function person(ticket: number): [string, string] {
  let left = ticket;
  for (const [name, computer, weight] of PEOPLE) {
    if (left < weight) return [name, computer];
    left -= weight;
  }
  return [PEOPLE[0]?.[0] ?? '', PEOPLE[0]?.[1] ?? ''];
}

/** A name the person filter is asked for: the fourth busiest, about a tenth of the entries. */
export const BENCH_PERSON = PEOPLE[3]?.[0] ?? '';
