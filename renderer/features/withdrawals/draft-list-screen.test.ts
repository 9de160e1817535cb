// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WithdrawalDraft } from '../../../shared/ipc/capabilities/withdrawals.ts';
import type { Channel } from '../../../shared/ipc/contract.ts';
import type { MainAnswer } from '../../testing/screen-with-bridge.ts';
import { renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { DraftList } from './DraftList.tsx';
import { WithdrawAlone } from './WithdrawAlone.tsx';

const draft = (overrides: Partial<WithdrawalDraft> = {}): WithdrawalDraft => ({
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

function openList(drafts: WithdrawalDraft[], answers: Partial<Record<Channel, (payload: unknown) => MainAnswer>> = {}) {
  const main = standInForMain((channel, payload) => (channel === 'withdrawals.list' ? { value: { drafts } } : (answers[channel]?.(payload) ?? stillAnswering())));
  renderScreen(createElement(DraftList));
  return main;
}

const row = (id: number) => screen.findByTestId(`withdrawal-draft-${id}`);

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

describe('the withdrawal drafts', () => {
  it('says so when there are none', async () => {
    openList([]);
    expect(await screen.findByText('No withdrawal drafts yet for this profile.')).toBeTruthy();
  });

  it('shows each draft’s amount, address, who drafted it, its state, who decided and its expiry', async () => {
    openList([
      draft({ id: 4, state: 'rejected', missing: 1, decisions: [{ decision: 'reject', login: 'ben', decidedBy: 'Ben Ode', reason: 'Wrong customer', decidedAt: '2026-11-27T04:05:00.000Z' }] }),
      draft(),
    ]);
    const rejected = await row(4);
    expect(rejected.textContent).toContain('0.01000000 BTC');
    expect(rejected.textContent).toContain('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    expect(rejected.textContent).toContain('ana (Ana Costa)');
    expect(rejected.textContent).toContain('Rejected');
    expect(rejected.textContent).toContain('rejected by ben (Ben Ode)');
    expect(rejected.textContent).toContain('Wrong customer');
    expect(within(rejected).queryByRole('button')).toBeNull();
    const awaiting = await row(3);
    expect(awaiting.textContent).toContain('Awaiting approval');
    expect(awaiting.textContent).toContain('1 approval missing');
    expect(within(awaiting).getByRole('button', { name: 'Approve draft 3' })).toBeTruthy();
  });

  it('approves through main and shows main’s refusal of the drafter’s own approval as it is', async () => {
    const refusal = 'Withdrawal draft 3 was drafted by your login (ana): another login approves it.';
    const main = openList([draft()], { 'withdrawals.approve': () => ({ error: { kind: 'invalid_request', message: refusal, fields: {} } }) });
    fireEvent.click(within(await row(3)).getByRole('button', { name: 'Approve draft 3' }));
    await waitFor(() => expect(screen.getByTestId('approve-error').textContent).toBe(refusal));
    expect(main.sentOn('withdrawals.approve')).toEqual([{ draftId: 3 }]);
  });

  it('says when an approval sent the withdrawal', async () => {
    openList([draft()], { 'withdrawals.approve': () => ({ value: { draft: draft({ state: 'sending', missing: 0 }), sent: { journalId: 9, serviceId: '77', status: 'pending' } } }) });
    fireEvent.click(within(await row(3)).getByRole('button', { name: 'Approve draft 3' }));
    await waitFor(() => expect(screen.getByTestId('withdrawal-outcome').textContent).toBe('Withdrawal draft 3 approved and sent (service status: pending): it is in History.'));
  });

  it('offers a check with the service for a draft whose outcome is unknown, and says what main found', async () => {
    const message = 'The service has withdrawal 77 under foreign id wdr-20261127-abc (status pending): it was sent, and is recorded so.';
    const main = openList([draft({ state: 'unknown', missing: 0, claimedLogin: 'ben' })], {
      'withdrawals.check': () => ({ value: { draft: draft({ state: 'sending', missing: 0 }), finding: 'sent', service: { id: '77', status: 'pending' }, checkAgainAt: null, message } }),
    });
    const unknown = await row(3);
    expect(unknown.textContent).toContain('Outcome unknown: check with the service');
    expect(within(unknown).queryByRole('button', { name: 'Approve draft 3' })).toBeNull();
    fireEvent.click(within(unknown).getByRole('button', { name: 'Check with the service: draft 3' }));
    await waitFor(() => expect(screen.getByTestId('withdrawal-outcome').textContent).toBe(message));
    expect(main.sentOn('withdrawals.check')).toEqual([{ draftId: 3 }]);
  });

  it('offers to send again a draft the service never got, through the approval in main', async () => {
    const main = openList([draft({ state: 'unsent', missing: 0 })], { 'withdrawals.approve': () => ({ value: { draft: draft({ state: 'sending', missing: 0 }), sent: { journalId: 9, serviceId: '78', status: 'pending' } } }) });
    fireEvent.click(within(await row(3)).getByRole('button', { name: 'Send again: draft 3' }));
    await waitFor(() => expect(main.sentOn('withdrawals.approve')).toEqual([{ draftId: 3 }]));
  });

  it('rejects only with a reason, and sends that reason', async () => {
    const main = openList([draft()], { 'withdrawals.reject': () => ({ value: { draft: draft({ state: 'rejected' }) } }) });
    fireEvent.click(within(await row(3)).getByRole('button', { name: 'Reject draft 3' }));
    const reasonForm = screen.getByRole('form', { name: 'Reject draft 3' });
    const confirm = within(reasonForm).getByRole('button', { name: 'Reject draft' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(reasonForm).getByLabelText('Why is it rejected?'), { target: { value: '  Wrong customer ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(main.sentOn('withdrawals.reject')).toEqual([{ draftId: 3, reason: 'Wrong customer' }]));
  });
});

describe('withdraw alone', () => {
  const aloneOff = { value: { alone: false, teamJournal: false } };

  it('shows on opening whether it is on, as main says', async () => {
    standInForMain((channel) => (channel === 'withdrawals.alone' ? { value: { alone: true, teamJournal: false } } : stillAnswering()));
    renderScreen(createElement(WithdrawAlone));
    await waitFor(() => expect(screen.getByTestId('withdraw-alone-state').textContent).toContain('“I withdraw alone” is on'));
    expect(screen.getByRole('button', { name: 'Turn on “I withdraw alone”' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Turn off “I withdraw alone”' })).toHaveProperty('disabled', false);
  });

  it('asks main to turn it on and says what main answered', async () => {
    const main = standInForMain((channel, payload) =>
      channel === 'withdrawals.alone' ? aloneOff : channel === 'withdrawals.setAlone' ? { value: { alone: (payload as { on: boolean }).on } } : stillAnswering(),
    );
    renderScreen(createElement(WithdrawAlone));
    await waitFor(() => expect(screen.getByTestId('withdraw-alone-state').textContent).toContain('“I withdraw alone” is off'));
    fireEvent.click(screen.getByRole('button', { name: 'Turn on “I withdraw alone”' }));
    await waitFor(() => expect(screen.getByTestId('withdraw-alone-state').textContent).toContain('“I withdraw alone” is on'));
    expect(main.sentOn('withdrawals.setAlone')).toEqual([{ on: true }]);
  });

  it('is hidden on a team journal, with the reason', async () => {
    standInForMain((channel) => (channel === 'withdrawals.alone' ? { value: { alone: false, teamJournal: true } } : stillAnswering()));
    renderScreen(createElement(WithdrawAlone));
    expect((await screen.findByTestId('withdraw-alone-team')).textContent).toContain('team journal');
    expect(screen.queryByRole('button', { name: 'Turn on “I withdraw alone”' })).toBeNull();
    expect(screen.queryByTestId('withdraw-alone-state')).toBeNull();
  });

  it('shows main’s refusal', async () => {
    const refusal = 'Withdrawing alone was not confirmed.';
    standInForMain((channel) => (channel === 'withdrawals.alone' ? aloneOff : { error: { kind: 'not_confirmed', message: refusal } }));
    renderScreen(createElement(WithdrawAlone));
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on “I withdraw alone”' }));
    await waitFor(() => expect(screen.getByTestId('withdraw-alone-error').textContent).toBe(refusal));
  });
});
