import { jsonNumber, stringifyJson } from '../../../shared/money/index.ts';
import { newAddress, txHash } from './chain.ts';
import type { InternalStatus } from './transaction-lifecycle.ts';
import { returnedStatus } from './transaction-lifecycle.ts';
import { nextEntryId, nextTransactionIds } from './transaction-store.ts';
import type { SandboxData, StaticTransaction } from './types.ts';

/**
 * Preloaded transactions for every merchant, covering every type (deposit, withdrawal,
 * withrawal_exchange [sic, spec 2.1], exchange) and every returned status (pending, not_confirmed,
 * confirmed, declined, cancelled). They carry, on purpose, the irregular shapes public material
 * has seen (docs/service-interface.md, "Types seen in the wild"), so that a client's tolerance is tested against them:
 * amounts as JSON numbers (one of them 12345678.12345678, written digit for digit), riskscore and
 * confirmations as strings on some entries and numbers on others, foreign_id as a number, tag null,
 * a txid missing, an error message, and additional_details. Each is stored as the exact JSON text
 * it answers with; internal statuses are mapped as the service maps them (spec 3.1).
 */

export const EXAMPLE_FOREIGN_IDS = {
  withdrawalPending: '164',
  withdrawalCancelled: 'example-withdrawal-cancelled',
  withdrawalExchangeDeclined: 'example-withdrawal-exchange-declined',
  exchangeNotConfirmed: 'example-exchange-not-confirmed',
  exchangeConfirmed: 'example-exchange-confirmed',
} as const;

export const LONG_AMOUNT = '12345678.12345678';

interface Draft {
  lookupForeignId: string | null;
  txid: string | null;
  internal: InternalStatus;
  build: (id: number, status: string) => Record<string, unknown>;
}

export function preloadExamples(data: SandboxData, merchantKey: string): StaticTransaction[] {
  const btc = newAddress(data, 'BTC');
  const eth = newAddress(data, 'ETH');
  const trc = newAddress(data, 'USDTTRC20');
  const xrp = newAddress(data, 'XRP');
  const btc2 = newAddress(data, 'BTC');
  const entry = () => nextEntryId(data);
  const addressId = () => data.nextAddressId++;
  const hashes = [txHash(data), txHash(data), txHash(data)];

  const drafts: Draft[] = [
    {
      lookupForeignId: null,
      txid: hashes[0] ?? null,
      internal: 'confirmed',
      build: (id, status) => ({
        id,
        type: 'deposit',
        crypto_address: { id: addressId(), currency: 'BTC', address: btc.address, foreign_id: 'example-address-1', tag: null },
        currency_sent: { currency: 'BTC', amount: '0.00300000' },
        currency_received: { currency: 'BTC', amount: '0.00300000', amount_minus_fee: '0.00295000' },
        transactions: [
          { id: entry(), currency: 'BTC', transaction_type: 'blockchain', type: 'deposit', address: btc.address, tag: null, amount: '0.00300000', txid: hashes[0], riskscore: '0.1', confirmations: '9' },
        ],
        fees: [
          { type: 'mining', currency: 'BTC', amount: '0.00002000' },
          { type: 'fee_crypto_deposit_wallet_client', currency: 'BTC', amount: '0.00003' },
        ],
        error: '',
        status,
        additional_details: { source: 'preloaded example', invoice_reference: 'example-invoice-1', network: 'bitcoin' },
      }),
    },
    {
      lookupForeignId: null,
      txid: hashes[1] ?? null,
      internal: 'verifying',
      build: (id, status) => ({
        id,
        type: 'deposit',
        crypto_address: { id: addressId(), currency: 'ETH', address: eth.address, foreign_id: 'example-address-2', tag: null },
        currency_sent: { currency: 'ETH', amount: jsonNumber('0.0008') },
        currency_received: { currency: 'ETH', amount: jsonNumber('0.0008'), amount_minus_fee: '0.000392' },
        transactions: [
          { id: entry(), currency: 'ETH', transaction_type: 'blockchain', type: 'deposit', address: eth.address, tag: null, amount: jsonNumber('0.0008'), txid: hashes[1], riskscore: jsonNumber('0.35'), confirmations: 1 },
        ],
        fees: [{ type: 'mining', currency: 'ETH', amount: '0.0004' }, { type: 'fee_crypto_deposit_wallet_client', currency: 'ETH', amount: jsonNumber('0.000008') }],
        error: null,
        status,
      }),
    },
    {
      lookupForeignId: EXAMPLE_FOREIGN_IDS.withdrawalPending,
      txid: null,
      internal: 'pending',
      // Held under withdrawal limits (docs/service-interface.md, "States beyond the spec");
      // foreign_id arrives as a number and the entry has no txid.
      build: (id, status) => ({
        id,
        foreign_id: 164,
        type: 'withdrawal',
        crypto_address: { id: addressId(), currency: 'USDTTRC20', address: trc.address, tag: null },
        currency_sent: { currency: 'USDTTRC20', amount: jsonNumber('381') },
        currency_received: { currency: 'USDTTRC20', amount: jsonNumber('381') },
        transactions: [
          { id: entry(), currency: 'USDTTRC20', transaction_type: 'blockchain', type: 'withdrawal', address: trc.address, tag: null, amount: jsonNumber('381'), riskscore: '0', confirmations: 0 },
        ],
        fees: [{ type: 'mining', currency: 'USDTTRC20', amount: jsonNumber('1') }],
        error: null,
        status,
      }),
    },
    {
      lookupForeignId: EXAMPLE_FOREIGN_IDS.withdrawalCancelled,
      txid: null,
      internal: 'error',
      build: (id, status) => ({
        id,
        foreign_id: EXAMPLE_FOREIGN_IDS.withdrawalCancelled,
        end_user_reference: 'customer-7731',
        type: 'withdrawal',
        crypto_address: { id: addressId(), currency: 'XRP', address: xrp.address, tag: xrp.tag },
        transactions: [
          { id: entry(), currency: 'XRP', transaction_type: 'blockchain', type: 'withdrawal', address: xrp.address, tag: xrp.tag, amount: '25.5', txid: null, riskscore: null, confirmations: '0' },
        ],
        fees: [],
        error: 'Insufficient funds on the balance for this withdrawal.',
        status,
      }),
    },
    {
      lookupForeignId: EXAMPLE_FOREIGN_IDS.withdrawalExchangeDeclined,
      txid: null,
      internal: 'declined',
      build: (id, status) => ({
        id,
        foreign_id: EXAMPLE_FOREIGN_IDS.withdrawalExchangeDeclined,
        type: 'withrawal_exchange',
        crypto_address: { id: addressId(), currency: 'BTC', address: btc2.address, tag: null },
        transactions: [
          { id: entry(), currency: 'EUR', transaction_type: 'exchange', type: 'exchange', amount: '500.00', currency_to: 'BTC', amount_to: '0.00712345' },
          { id: entry(), currency: 'BTC', transaction_type: 'internal', type: 'withdrawal', address: btc2.address, tag: null, amount: '0.00712345', txid: hashes[2], confirmations: 0 },
        ],
        fees: [],
        error: '',
        status,
      }),
    },
    {
      lookupForeignId: EXAMPLE_FOREIGN_IDS.exchangeNotConfirmed,
      txid: null,
      internal: 'processing',
      build: (id, status) => ({
        id,
        foreign_id: EXAMPLE_FOREIGN_IDS.exchangeNotConfirmed,
        type: 'exchange',
        currency_sent: { currency: 'USDTERC20', amount: jsonNumber(LONG_AMOUNT) },
        currency_received: { currency: 'EUR', amount: '11356789.01000000' },
        transactions: [
          { id: entry(), currency: 'USDTERC20', transaction_type: 'exchange', type: 'exchange', amount: jsonNumber(LONG_AMOUNT), currency_to: 'EUR', amount_to: '11356789.01000000' },
        ],
        fees: [{ type: 'exchange', currency: 'USDTERC20', amount: '123456.78123456' }],
        error: null,
        status,
      }),
    },
    {
      lookupForeignId: EXAMPLE_FOREIGN_IDS.exchangeConfirmed,
      txid: null,
      internal: 'confirmed',
      build: (id, status) => ({
        id,
        foreign_id: EXAMPLE_FOREIGN_IDS.exchangeConfirmed,
        type: 'exchange',
        currency_sent: { currency: 'BTC', amount: '0.00300000' },
        currency_received: { currency: 'EUR', amount: '231.94279333' },
        transactions: [
          { id: entry(), currency: 'BTC', transaction_type: 'exchange', type: 'exchange', amount: '0.00300000', currency_to: 'EUR', amount_to: '231.94279333' },
        ],
        fees: [{ type: 'exchange', currency: 'BTC', amount: '0.00015000' }],
        error: null,
        status,
      }),
    },
  ];

  return drafts.map((draft) => {
    const { id } = nextTransactionIds(data);
    const status = returnedStatus(draft.internal);
    const body = draft.build(id, status);
    return {
      kind: 'static',
      id,
      merchantKey,
      foreignId: draft.lookupForeignId,
      txid: draft.txid,
      type: String(body.type),
      status,
      json: stringifyJson(body),
    };
  });
}
