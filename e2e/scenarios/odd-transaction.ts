import type { MainServices } from '../../electron/app/index.ts';

/**
 * A transaction answer with values the spec does not list, as the real service has sent them
 * (field notes, "Types seen in the wild": undocumented statuses and fee types, new transaction
 * types). The sandbox's model never answers so; the in-app sandbox's test-only answer edit
 * (electron/sandbox/http/answer-edits.ts) plants them on every later transactions/info answer.
 */

export const ODD = {
  status: 'on_hold',
  type: 'withdrawal_instant',
  feeType: 'fee_crypto_sell_for_fiat',
  entryKind: 'lightning',
  entryType: 'payout',
} as const;

type WireTransaction = { status: unknown; type?: unknown; fees: Array<Record<string, unknown>>; transactions: Array<Record<string, unknown>> };

/**
 * From now on, every transaction looked up arrives with ODD's status and type, one more fee of
 * ODD.feeType (0.00001000 of the first fee's currency) and its first entry of kind ODD.entryKind
 * and type ODD.entryType; everything else as the sandbox sent it.
 */
export async function plantOddValues(services: MainServices): Promise<void> {
  (await services.sandbox.ensure()).editAnswer('transactions/info', (body) => {
    const tx = body as WireTransaction;
    const currency = tx.fees[0]?.currency ?? 'BTC';
    return {
      ...tx,
      status: ODD.status,
      type: ODD.type,
      fees: [...tx.fees, { type: ODD.feeType, currency, amount: '0.00001000' }],
      transactions: tx.transactions.map((entry, index) => (index === 0 ? { ...entry, transaction_type: ODD.entryKind, type: ODD.entryType } : entry)),
    };
  });
}

export async function removeOddValues(services: MainServices): Promise<void> {
  (await services.sandbox.ensure()).editAnswer('transactions/info', null);
}
