import type {
  AddressTakeRequest,
  DepositAddress,
  ExchangeOrder,
  FixedExchangeRequest,
  Invoice,
  InvoiceCreateRequest,
  PairsRequest,
  Quote,
  QuoteRequest,
  TransactionLookupRequest,
} from '../../../shared/api/index.ts';
import { listBalances } from './accounts.ts';
import type { BalancesAnswer } from './accounts.ts';
import { takeAddress } from './addresses.ts';
import { withdrawCrypto } from './withdrawals.ts';
import type { WithdrawalOrder } from './withdrawals.ts';
import { checkCredentials } from './credentials.ts';
import { placeFixedExchange } from './exchange.ts';
import { createInvoice } from './invoices.ts';
import { listPairs } from './pairs.ts';
import type { PairsAnswer } from './pairs.ts';
import { ping } from './ping.ts';
import { calculateQuote } from './quotes.ts';
import { lookupTransaction } from './transactions.ts';
import type { TransactionLookup } from './transactions.ts';
import type { CallReceipt } from './service-call.ts';
import { createTransport } from './transport.ts';
import type { ResolveProxy } from './network/route.ts';

/** The processing service, one method per endpoint. Every failure is thrown as an AppFailure. */
export interface ProcessingClient {
  /** GET /ping: reachability only; it needs no signature, so it cannot test the credentials. */
  ping(): Promise<void>;
  /** One cheap signed call that proves the API key and secret (see credentials.ts). */
  checkCredentials(): Promise<void>;
  /**
   * By id, foreign id or txid. `receipt`, when given, is filled with the HTTP status, duration and
   * body for the journal. A service that refuses the txid parameter is `unsupported` (txid-refusal.ts).
   */
  lookupTransaction(request: TransactionLookupRequest, receipt?: CallReceipt): Promise<TransactionLookup>;
  calculateQuote(request: QuoteRequest): Promise<Quote>;
  /** The pairs read, and those set aside because they could not be read. */
  listPairs(request: PairsRequest): Promise<PairsAnswer>;
  createInvoice(request: InvoiceCreateRequest, receipt?: CallReceipt): Promise<Invoice>;
  placeFixedExchange(request: FixedExchangeRequest, receipt?: CallReceipt): Promise<ExchangeOrder>;
  /** Every balance, zeros included; those that cannot be read are set aside. */
  listBalances(): Promise<BalancesAnswer>;
  /** A deposit address under the request's foreign id; a lost answer is outcome_unknown. */
  takeAddress(request: AddressTakeRequest, receipt?: CallReceipt): Promise<DepositAddress>;
  /** POST /withdrawal/crypto with exactly `body` (an approved draft's text); a lost answer is outcome_unknown. */
  withdrawCrypto(body: string, foreignId: string, receipt?: CallReceipt): Promise<WithdrawalOrder>;
}

export interface ProcessingClientOptions {
  /** Such as https://app.cryptoprocessing.com/api/v2 or http://127.0.0.1:PORT/api/v2. */
  baseUrl: string;
  apiKey: string;
  secret: string;
  /** Default 10 s: DNS, TCP and TLS. */
  connectTimeoutMs?: number;
  /** Default 30 s: from the connection until the whole answer has arrived. */
  responseTimeoutMs?: number;
  /** Clock for retryAt (epoch milliseconds). */
  now?: () => number;
  /** The system's proxy for a URL (Electron's session.resolveProxy); by default the proxy environment variables. */
  resolveProxy?: ResolveProxy;
}

/**
 * The client is the endpoints' own functions with this client's transport bound in: nothing of ours
 * runs between a handler's call and the endpoint's (bound functions, not wrappers).
 */
export function createProcessingClient(options: ProcessingClientOptions): ProcessingClient {
  const transport = createTransport(options);
  return {
    ping: ping.bind(null, transport),
    checkCredentials: checkCredentials.bind(null, transport),
    lookupTransaction: lookupTransaction.bind(null, transport),
    calculateQuote: calculateQuote.bind(null, transport),
    listPairs: listPairs.bind(null, transport),
    createInvoice: createInvoice.bind(null, transport),
    placeFixedExchange: placeFixedExchange.bind(null, transport),
    listBalances: listBalances.bind(null, transport),
    takeAddress: takeAddress.bind(null, transport),
    withdrawCrypto: withdrawCrypto.bind(null, transport),
  };
}
