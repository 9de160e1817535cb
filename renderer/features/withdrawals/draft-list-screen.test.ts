// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutBatch, WithdrawalDraft } from '../../../shared/ipc/capabilities/withdrawals.ts';
import type { Channel } from '../../../shared/ipc/contract.ts';
import type { MainAnswer } from '../../testing/screen-with-bridge.ts';
import { renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { DraftList } from './DraftList.tsx';
import { draft } from './testing/withdrawal-draft.ts';
import { WithdrawAlone } from './WithdrawAlone.tsx';

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

describe('a payout batch in the drafts list', () => {
  const BATCH_ID = 'pay-20261127-xyz';
  const XRP = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';
  const rows = [
    draft({ id: 21, batchId: BATCH_ID, currency: 'BTC', amount: '0.0001' }),
    draft({ id: 22, batchId: BATCH_ID, currency: 'BTC', amount: '0.0002' }),
    draft({ id: 23, batchId: BATCH_ID, currency: 'XRP', amount: '5', address: XRP }),
  ];
  const batch: PayoutBatch = {
    batchId: BATCH_ID,
    rows: [
      { draftId: 21, foreignId: 'wdr-21', currency: 'BTC', amount: '0.0001', address: rows[0]!.address, tag: null, state: 'waiting', missing: 1, journalId: null },
      { draftId: 22, foreignId: 'wdr-22', currency: 'BTC', amount: '0.0002', address: rows[1]!.address, tag: null, state: 'waiting', missing: 1, journalId: null },
      { draftId: 23, foreignId: 'wdr-23', currency: 'XRP', amount: '5', address: XRP, tag: '12345', state: 'waiting', missing: 1, journalId: null },
    ],
    totals: { BTC: '0.0003', XRP: '5' },
    sending: false,
    sendsPerSecond: 1,
  };
  const cells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((line) => within(line).getAllByRole('cell').map((cell) => cell.textContent));

  it('lists the batch as one line, with its rows’ count, totals, drafter and states, and none of its rows alone', async () => {
    openList([draft({ id: 30 }), ...rows]);
    const line = await screen.findByTestId(`withdrawal-batch-${BATCH_ID}`);
    expect(line.textContent).toContain(`Payout batch ${BATCH_ID}, 3 rows`);
    expect(line.textContent).toContain('0.00030000 BTC');
    expect(line.textContent).toContain('ana (Ana Costa)');
    expect(line.textContent).toContain('Awaiting approval: 3');
    expect(screen.queryByTestId('withdrawal-draft-21')).toBeNull();
    expect(await row(30)).toBeTruthy();
  });

  it('opens the batch: every row’s currency, amount, address, tag and state, the totals per currency and who drafted it', async () => {
    const main = openList([...rows], { 'withdrawals.batch': () => ({ value: { batch } }) });
    fireEvent.click(within(await screen.findByTestId(`withdrawal-batch-${BATCH_ID}`)).getByRole('button', { name: `Open batch ${BATCH_ID}` }));
    const opened = await screen.findByTestId('payout-batch');
    expect(main.sentOn('withdrawals.batch')).toEqual([{ batchId: BATCH_ID }]);
    expect(cells(within(opened).getByTestId('payout-rows'))).toEqual([
      ['1', 'BTC', '0.0001', rows[0]!.address, '', 'Waiting (1 approval missing)'],
      ['2', 'BTC', '0.0002', rows[1]!.address, '', 'Waiting (1 approval missing)'],
      ['3', 'XRP', '5', XRP, '12345', 'Waiting (1 approval missing)'],
    ]);
    expect(cells(within(opened).getByTestId('payout-totals'))).toEqual([
      ['BTC', '0.0003'],
      ['XRP', '5'],
    ]);
    expect(within(opened).getByTestId('payout-batch-drafted').textContent).toContain('Drafted by ana (Ana Costa)');
    fireEvent.click(within(opened).getByRole('button', { name: 'Close batch' }));
    await waitFor(() => expect(screen.queryByTestId('payout-batch')).toBeNull());
  });

  it('approves the opened batch through main', async () => {
    const main = openList([...rows], { 'withdrawals.batch': () => ({ value: { batch } }), 'withdrawals.approveBatch': () => ({ value: { batch: { ...batch, sending: true } } }) });
    fireEvent.click(within(await screen.findByTestId(`withdrawal-batch-${BATCH_ID}`)).getByRole('button', { name: `Open batch ${BATCH_ID}` }));
    fireEvent.click(within(await screen.findByTestId('payout-batch')).getByRole('button', { name: 'Approve batch' }));
    await waitFor(() => expect(main.sentOn('withdrawals.approveBatch')).toEqual([{ batchId: BATCH_ID }]));
    await waitFor(() => expect(screen.getByText('Main is sending the rows, at most 1 a second.')).toBeTruthy());
  });

  it('rejects every row still awaiting approval with the one reason, and only those', async () => {
    const decided = [rows[0]!, { ...rows[1]!, state: 'rejected' as const }, rows[2]!];
    const main = openList(decided, { 'withdrawals.batch': () => ({ value: { batch } }), 'withdrawals.reject': () => ({ value: { draft: rows[0] } }) });
    fireEvent.click(within(await screen.findByTestId(`withdrawal-batch-${BATCH_ID}`)).getByRole('button', { name: `Open batch ${BATCH_ID}` }));
    fireEvent.click(within(await screen.findByTestId('payout-batch')).getByRole('button', { name: 'Reject batch' }));
    const reasonForm = screen.getByRole('form', { name: 'Reject batch' });
    const confirm = within(reasonForm).getByRole('button', { name: 'Reject the open rows' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(reasonForm).getByLabelText(/^Why is it rejected\?/), { target: { value: ' Duplicate file ' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(main.sentOn('withdrawals.reject')).toEqual([
        { draftId: 21, reason: 'Duplicate file' },
        { draftId: 23, reason: 'Duplicate file' },
      ]),
    );
    await waitFor(() => expect(screen.getByText(`Batch ${BATCH_ID}: 2 rows rejected, nothing sent.`)).toBeTruthy());
  });
});
