import { compareDecimals, isInputDecimal, multiplyDecimals } from '../../../shared/money/index.ts';
import { txHash } from './chain.ts';
import { priceOf } from './market.ts';
import { transactionStatus } from './transaction-lifecycle.ts';
import type { Merchant, SandboxContext, SandboxData, WithdrawalHold, WithdrawalRecord } from './types.ts';

/**
 * Withdrawal limits and approvals, as the service has them (field notes, "Withdrawal limits and
 * approvals at the service"), reduced to what a sandbox needs: each merchant may have one limit per
 * withdrawal, in EUR equivalent at the sandbox's price when the withdrawal is made. A withdrawal
 * worth more is held as `pending`, its amount and fee taken from the balance as for any other; a
 * person then approves it (it goes on the chain from that moment: `not_confirmed`, then
 * `confirmed`) or declines it (`declined`, and the balance gets both back). The service does this
 * in its back office, with no API endpoint; the sandbox through its control surface and handle.
 */

export type HoldDecision = 'approve' | 'decline';

export type HoldOutcome = { ok: true; withdrawal: WithdrawalRecord } | { ok: false; status: number; error: string };

/** The hold a new withdrawal of `amount` `currency` gets from `merchant`'s limit, or undefined when it is within it. */
export function holdFor(ctx: SandboxContext, merchant: Merchant, currency: string, amount: string, now: number): WithdrawalHold | undefined {
  const limit = merchant.withdrawalLimit;
  if (limit === undefined || limit === null) return undefined;
  const valueEur = multiplyDecimals(amount, priceOf(ctx.data.market, currency, 'EUR', now));
  return compareDecimals(valueEur, limit) > 0 ? { limit, valueEur, decision: null, decidedAt: null } : undefined;
}

/** Approves or declines the held withdrawal `id`; refuses one that is not found or not pending. */
export function decideWithdrawal(data: SandboxData, id: number, decision: HoldDecision, now: number): HoldOutcome {
  const withdrawal = data.transactions.find((t): t is WithdrawalRecord => t.kind === 'withdrawal' && t.id === id);
  if (!withdrawal) return { ok: false, status: 404, error: `Withdrawal ${id} not found` };
  if (!withdrawal.hold || withdrawal.hold.decision !== null) {
    return { ok: false, status: 409, error: `Withdrawal ${id} is not pending: it is ${transactionStatus(withdrawal, now)}` };
  }
  withdrawal.hold.decision = decision === 'approve' ? 'approved' : 'declined';
  withdrawal.hold.decidedAt = now;
  // Only a withdrawal that leaves has a hash on the chain.
  if (decision === 'approve') withdrawal.txid = txHash(data);
  return { ok: true, withdrawal };
}

export type LimitOutcome = { ok: true; merchants: Merchant[] } | { ok: false; status: number; error: string };

/**
 * Sets the limit (a decimal amount of EUR, or null for none) of the merchant `merchantKey`, or of
 * every merchant when it is absent. It applies to withdrawals made from then on.
 */
export function setWithdrawalLimit(data: SandboxData, limit: unknown, merchantKey?: string): LimitOutcome {
  if (limit !== null && (typeof limit !== 'string' || !isInputDecimal(limit))) {
    return { ok: false, status: 400, error: 'The limit must be an amount of EUR written as a decimal string, such as "1000.00", or null for none.' };
  }
  const merchants = merchantKey === undefined ? data.merchants : data.merchants.filter((m) => m.key === merchantKey);
  if (merchants.length === 0) return { ok: false, status: 404, error: `Merchant ${merchantKey ?? ''} not found` };
  for (const merchant of merchants) merchant.withdrawalLimit = limit;
  return { ok: true, merchants };
}
