import { WITHDRAWAL_FORM } from './withdrawal-steps.ts';

/**
 * A payout file of `rows` BTC rows, amounts 0.0001, 0.0002, … (so each row is told apart by its
 * amount), to the address the single-withdrawal tests use, in the back office's columns.
 */
export const PAYOUT_FILE = (rows: number): string =>
  ['Address,Tag,Currency,Amount,Note', ...Array.from({ length: rows }, (_, i) => `${WITHDRAWAL_FORM.address},,BTC,0.000${i + 1},Payout ${i + 1}`)].join('\n') + '\n';

/** The parties every row of a test batch sends: the single-withdrawal tests' own. */
export const PAYOUT_PARTIES = {
  senderType: WITHDRAWAL_FORM.senderType,
  senderData: WITHDRAWAL_FORM.senderData,
  receiverType: WITHDRAWAL_FORM.receiverType,
};
