/**
 * The sandbox's whole state, as plain JSON-able data so that it can be saved to a file and loaded
 * back (persistence.ts). Amounts are decimal strings; numbers are only ids, counters and epoch ms.
 * Statuses that move with time are not stored: they are derived from `createdAt` and the clock
 * when a record is read, so an injected clock drives every lifecycle.
 */

export interface Merchant {
  key: string;
  secret: string;
  name: string;
  /**
   * The EUR equivalent above which a withdrawal is held as `pending` until approved or declined
   * (model/withdrawal-holds.ts); absent or null for no limit.
   */
  withdrawalLimit?: string | null;
}

/** State of the seeded random walk (market.ts). Prices are in USD, as decimal text. */
export interface MarketState {
  tick: number | null;
  rng: number;
  prices: Record<string, string>;
}

export interface QuoteRecord {
  merchantKey: string;
  senderCurrency: string;
  receiverCurrency: string;
  senderAmount: string;
  receiverAmount: string;
  feeCurrency: string;
  feeAmount: string;
  price: string;
  tsFixed: number;
  tsRelease: number;
  usedBy: number | null;
}

export interface InvoicePayment {
  transactionId: number;
  currency: string;
  amount: string;
  /** What the invoice asked for in `currency` when this payment arrived. */
  required: string;
  at: number;
}

export interface InvoiceRecord {
  id: number;
  merchantKey: string;
  token: string;
  foreignId: string;
  endUserReference: string | null;
  title: string;
  description: string | null;
  timer: boolean;
  type: 'fill_or_kill' | 'good_until_expired';
  currency: string;
  amount: string;
  urlSuccess: string;
  urlFailed: string;
  emailUser: string;
  senderCurrency: string | null;
  senderAmount: string | null;
  fixedAt: number | null;
  releaseAt: number | null;
  addressId: number | null;
  senderType: string | null;
  senderData: Record<string, unknown> | null;
  createdAt: number;
  payments: InvoicePayment[];
}

export interface AddressRecord {
  id: number;
  merchantKey: string;
  currency: string;
  address: string;
  tag: string | null;
  foreignId: string;
  endUserReference: string | null;
  /** addresses/take: the currency what arrives is exchanged into; absent or null for none (and for saved states before it). */
  convertTo?: string | null;
  source: 'invoice' | 'take';
  createdAt: number;
  /** The token of its page on the sandbox where a person pays into it (endpoints/deposit-page.ts); made when first asked for. */
  payToken?: string;
}

/** A preloaded example, kept as the exact JSON text it answers with (quirky numbers included). */
export interface StaticTransaction {
  kind: 'static';
  id: number;
  merchantKey: string;
  foreignId: string | null;
  txid: string | null;
  type: string;
  status: string;
  json: string;
}

export interface ExchangeRecord {
  kind: 'exchange';
  id: number;
  merchantKey: string;
  foreignId: string;
  entryId: number;
  createdAt: number;
  senderCurrency: string;
  senderAmount: string;
  receiverCurrency: string;
  receiverAmount: string;
  feeCurrency: string;
  feeAmount: string;
  price: string;
}

export interface WithdrawalRecord {
  kind: 'withdrawal';
  id: number;
  merchantKey: string;
  foreignId: string;
  endUserReference: string | null;
  createdAt: number;
  currency: string;
  amount: string;
  address: string;
  tag: string | null;
  addressId: number;
  entryId: number;
  /** The hash on the chain; null while a held withdrawal has not been sent (declined ones never are). */
  txid: string | null;
  miningFee: string;
  /**
   * Set for a withdrawal over its merchant's limit (model/withdrawal-holds.ts): `pending` until
   * decided, then on the chain from `decidedAt` when approved, or `declined` with its balance back.
   */
  hold?: WithdrawalHold;
  /** Set for a withdrawal paid from another currency's balance (type `withrawal_exchange`). */
  exchange: { entryId: number; currency: string; amount: string; price: string } | null;
  senderType: string;
  receiverType: string;
}

export interface WithdrawalHold {
  /** The merchant's limit, and what the withdrawal was worth in EUR, when it was held. */
  limit: string;
  valueEur: string;
  decision: 'approved' | 'declined' | null;
  decidedAt: number | null;
}

export interface DepositRecord {
  kind: 'deposit';
  id: number;
  merchantKey: string;
  /** The invoice it paid; null for a payment into an address taken with addresses/take (model/address-deposits.ts). */
  invoiceId: number | null;
  foreignId: string;
  endUserReference: string | null;
  createdAt: number;
  currency: string;
  amount: string;
  addressId: number;
  address: string;
  tag: string | null;
  entryId: number;
  txid: string;
  riskscore: string;
  miningFee: string;
  walletFee: string;
  underpaid: boolean;
  /**
   * Into an address taken with convert_to: what arrived less its fees was exchanged on arrival into
   * `currency` at `price` (type `deposit_exchange`); absent or null otherwise.
   */
  exchange?: { entryId: number; currency: string; price: string } | null;
}

export type TransactionRecord = StaticTransaction | ExchangeRecord | WithdrawalRecord | DepositRecord;

export interface SandboxData {
  version: 1;
  merchants: Merchant[];
  nextTransactionId: number;
  nextEntryId: number;
  nextInvoiceId: number;
  nextAddressId: number;
  /** State of the seeded generator for ids, addresses, tokens and hashes (rng.ts). */
  rng: number;
  market: MarketState;
  quotes: QuoteRecord[];
  invoices: InvoiceRecord[];
  addresses: AddressRecord[];
  transactions: TransactionRecord[];
  /** The callbacks owed to merchants (callback-outbox.ts); absent in states saved before them. */
  callbacks?: CallbackState;
}

/** One callback owed to a merchant (callback-outbox.ts). */
export interface OutboxItem {
  /** Which object reached which status: the event's identity, never queued twice. */
  key: string;
  merchantKey: string;
  /** The exact bytes to sign and send, fixed when queued: a retry sends the same body. */
  body: string;
  /** Tries made so far; the next is due at `dueAt` (epoch ms). */
  tries: number;
  dueAt: number;
}

export interface CallbackState {
  /** Keys of every event ever queued, sent or not. */
  queued: string[];
  outbox: OutboxItem[];
  /** Events dropped after the last retry of the schedule failed. */
  givenUp: number;
}

/** What every handler gets: the state, the clock and the server's own origin (for invoice URLs). */
export interface SandboxContext {
  data: SandboxData;
  clock: () => number;
  origin: () => string;
}
