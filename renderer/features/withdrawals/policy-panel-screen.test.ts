// @vitest-environment jsdom
import { ruleMessage } from '../../../shared/i18n/index.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WithdrawalPolicy } from '../../../shared/ipc/capabilities/withdrawals.ts';
import type { Channel } from '../../../shared/ipc/contract.ts';
import type { MainAnswer } from '../../testing/screen-with-bridge.ts';
import { renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { PolicyPanel, readPolicyForm } from './PolicyPanel.tsx';

const policy = (overrides: Partial<WithdrawalPolicy> = {}): WithdrawalPolicy => ({
  id: 5,
  approvalsNeeded: 1,
  threshold: { currency: 'BTC', amount: '0.5', approvals: 2 },
  approvers: ['ben', 'carla'],
  draftLifetimeMs: null,
  proposedLogin: 'ana',
  proposedBy: 'Ana Costa',
  proposedAt: '2026-11-27T04:00:00.000Z',
  state: 'proposed',
  ...overrides,
});

const team = { value: { alone: false, teamJournal: true } };

function open(policies: { inForce: WithdrawalPolicy | null; policies: WithdrawalPolicy[] }, answers: Partial<Record<Channel, (payload: unknown) => MainAnswer>> = {}) {
  const main = standInForMain((channel, payload) =>
    channel === 'withdrawals.alone' ? team : channel === 'withdrawals.policies' ? { value: policies } : (answers[channel]?.(payload) ?? stillAnswering()),
  );
  renderScreen(createElement(PolicyPanel));
  return main;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

describe('the approval policy', () => {
  it('without a team journal says there is one person and policies need a team journal, and asks main for no policy', async () => {
    const main = standInForMain((channel) => (channel === 'withdrawals.alone' ? { value: { alone: false, teamJournal: false } } : stillAnswering()));
    renderScreen(createElement(PolicyPanel));
    const said = await screen.findByTestId('policy-no-team');
    expect(said.textContent).toContain('one person');
    expect(said.textContent).toContain('policies need a team journal');
    expect(main.sentOn('withdrawals.policies')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Propose policy' })).toBeNull();
  });

  it('names a lifetime the policy sets for its drafts', async () => {
    open({ inForce: policy({ id: 6, state: 'approved', draftLifetimeMs: 48 * 3_600_000 }), policies: [] });
    expect((await screen.findByTestId('policy-in-force')).textContent).toContain('A draft waits for its approvals 48 hours, then expires.');
  });

  it('shows the default when no policy is in force', async () => {
    open({ inForce: null, policies: [] });
    expect((await screen.findByTestId('policy-in-force')).textContent).toBe('The default: one approval by any other person.');
    expect(screen.getByText('No change is waiting for approval.')).toBeTruthy();
  });

  it('shows the policy in force: approvals, the threshold in its currency, who may approve, who proposed it', async () => {
    open({ inForce: policy({ id: 4, state: 'approved' }), policies: [policy({ id: 4, state: 'approved' })] });
    const inForce = await screen.findByTestId('policy-in-force');
    expect(inForce.textContent).toContain('1 approval by another person');
    expect(inForce.textContent).toContain('Over 0.5 BTC: 2 approvals');
    expect(inForce.textContent).toContain('May approve: ben, carla');
    expect(inForce.textContent).toContain('A draft waits for its approvals 24 hours, then expires.');
    expect(inForce.textContent).toContain('Proposed by ana (Ana Costa)');
  });

  it('approves a pending proposal through main', async () => {
    const main = open({ inForce: null, policies: [policy()] }, { 'withdrawals.decidePolicy': () => ({ value: { policy: policy({ state: 'approved' }) } }) });
    const proposal = await screen.findByTestId('policy-proposal-5');
    expect(proposal.textContent).toContain('Over 0.5 BTC: 2 approvals');
    fireEvent.click(within(proposal).getByRole('button', { name: 'Approve policy' }));
    await waitFor(() => expect(main.sentOn('withdrawals.decidePolicy')).toEqual([{ policyId: 5, decision: 'approve' }]));
    await waitFor(() => expect(within(proposal).getByText('Policy 5 approved: it is in force.')).toBeTruthy());
  });

  it('shows main’s refusal of the proposer’s own approval as it is', async () => {
    const refusal = 'Policy 5 was proposed by your login (ana): another login approves it.';
    open({ inForce: null, policies: [policy()] }, { 'withdrawals.decidePolicy': () => ({ error: { kind: 'invalid_request', message: refusal, fields: {} } }) });
    fireEvent.click(within(await screen.findByTestId('policy-proposal-5')).getByRole('button', { name: 'Approve policy' }));
    await waitFor(() => expect(screen.getByTestId('policy-decide-error').textContent).toBe(refusal));
  });

  it('rejects a proposal only with a reason, and sends it', async () => {
    const main = open({ inForce: null, policies: [policy()] }, { 'withdrawals.decidePolicy': () => ({ value: { policy: policy({ state: 'rejected' }) } }) });
    fireEvent.click(within(await screen.findByTestId('policy-proposal-5')).getByRole('button', { name: 'Reject policy' }));
    const reasonForm = screen.getByRole('form', { name: 'Reject policy' });
    const confirm = within(reasonForm).getByRole('button', { name: 'Reject proposal' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(reasonForm).getByLabelText('Why is it rejected?'), { target: { value: ' Carla has left ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(main.sentOn('withdrawals.decidePolicy')).toEqual([{ policyId: 5, decision: 'reject', reason: 'Carla has left' }]));
  });

  it('proposes a change with a threshold and the logins that may approve', async () => {
    const main = open({ inForce: null, policies: [] }, { 'withdrawals.proposePolicy': () => ({ value: { policy: policy({ id: 6 }) } }) });
    await screen.findByRole('button', { name: 'Propose policy' });
    fireEvent.change(field('Approvals needed'), { target: { value: '1' } });
    fireEvent.change(field('Currency'), { target: { value: 'btc' } });
    fireEvent.change(field('Over this amount'), { target: { value: '0.5' } });
    fireEvent.change(field('Approvals needed over it'), { target: { value: '2' } });
    fireEvent.change(field('Who may approve (optional)'), { target: { value: 'ben, carla,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Propose policy' }));
    await waitFor(() =>
      expect(main.sentOn('withdrawals.proposePolicy')).toEqual([{ approvalsNeeded: 1, threshold: { currency: 'BTC', amount: '0.5', approvals: 2 }, approvers: ['ben', 'carla'] }]),
    );
    await waitFor(() => expect(screen.getByText('Policy 6 proposed: another person approves it before it is in force.')).toBeTruthy());
  });

  it('sends nothing while a field is wrong, and says which', async () => {
    const main = open({ inForce: null, policies: [] });
    await screen.findByRole('button', { name: 'Propose policy' });
    fireEvent.change(field('Approvals needed'), { target: { value: '0' } });
    fireEvent.change(field('Over this amount'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Propose policy' }));
    await waitFor(() => expect(field('Currency').getAttribute('aria-invalid')).toBe('true'));
    expect(main.sentOn('withdrawals.proposePolicy')).toEqual([]);
  });
});

describe('reading the policy form', () => {
  const blank = { approvalsNeeded: '2', currency: '', amount: '', approvals: '2', approvers: '', lifetimeHours: '' };

  it('leaves out the threshold and the approvers when they are empty', () => {
    expect(readPolicyForm(blank)).toEqual({ terms: { approvalsNeeded: 2 } });
  });

  it('refuses a count that is not a whole number from 1 to 10', () => {
    for (const approvalsNeeded of ['0', '11', '1.5', 'two', '']) expect(readPolicyForm({ ...blank, approvalsNeeded })).toEqual({ errors: { approvalsNeeded: ruleMessage('withdrawals.policy.approvalsRange') } });
  });

  it('asks for the whole threshold, or none of it', () => {
    expect(readPolicyForm({ ...blank, amount: '1' })).toEqual({ errors: { currency: ruleMessage('withdrawals.policy.thresholdIncomplete') } });
    expect(readPolicyForm({ ...blank, currency: 'BTC' })).toEqual({ errors: { amount: ruleMessage('withdrawals.policy.thresholdIncomplete') } });
  });

  it('refuses a threshold amount that is not a plain decimal, in the contract’s words', () => {
    const read = readPolicyForm({ ...blank, currency: 'BTC', amount: '1e3' });
    expect('errors' in read && read.errors.amount).toBeTruthy();
  });

  it('takes a draft lifetime in whole hours from 1 to 168, and leaves it out when empty (the 24 h default)', () => {
    expect(readPolicyForm({ ...blank, lifetimeHours: '48' })).toEqual({ terms: { approvalsNeeded: 2, draftLifetimeHours: 48 } });
    for (const lifetimeHours of ['0', '169', '1.5', 'a day']) expect(readPolicyForm({ ...blank, lifetimeHours })).toEqual({ errors: { lifetimeHours: ruleMessage('withdrawals.policy.lifetimeRange') } });
  });
});
