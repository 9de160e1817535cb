import type { WithdrawalDraft } from '../../../../shared/ipc/capabilities/withdrawals.ts';

/** A draft as main lists it: draft 3, 0.01 BTC drafted by ana, awaiting one approval; `overrides` change it. */
export const draft = (overrides: Partial<WithdrawalDraft> = {}): WithdrawalDraft => ({
  id: 3,
  foreignId: 'wdr-20261127-abc',
  currency: 'BTC',
  amount: '0.01',
  address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  request: '{}',
  requestSha256: 'ab',
  batchId: null,
  draftedLogin: 'ana',
  draftedBy: 'Ana Costa',
  draftedAt: '2026-11-27T04:00:00.000Z',
  expiresAt: '2026-11-28T04:00:00.000Z',
  state: 'awaiting',
  missing: 1,
  decisions: [],
  claimedLogin: null,
  checks: [],
  ...overrides,
});
