// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { say } from '../../../shared/i18n/index.ts';
import type { ShippedLanguage } from '../../../shared/i18n/index.ts';
import type { PayoutBatch } from '../../../shared/ipc/capabilities/withdrawals.ts';
import type { Channel } from '../../../shared/ipc/contract.ts';
import type { MainAnswer } from '../../testing/screen-with-bridge.ts';
import { renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { checkPayoutCsv } from '../../../shared/withdrawals/index.ts';
import { PayoutImport } from './PayoutImport.tsx';
import { blankWithdrawalForm } from './withdrawal-form-schema.ts';
import type { WithdrawalFormValues } from './withdrawal-form-schema.ts';

const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const TYPO = `${ADDRESS.slice(0, 20)}q${ADDRESS.slice(21)}`;
const HEADER = 'Address,Tag,Currency,Amount,Note';
const GOOD = [HEADER, `${ADDRESS},,BTC,0.0001,Payout 1`, `${ADDRESS},,BTC,0.0002,Payout 2`].join('\n');

const PARTIES: WithdrawalFormValues = {
  ...blankWithdrawalForm('BTC'),
  sender_type: 'legal',
  sender_data: { ...blankWithdrawalForm().sender_data, legal_name: 'Example GmbH', country_of_registration: 'DEU' },
  receiver_type: 'self',
};

const BATCH: PayoutBatch = {
  batchId: 'pay-20261127-abc',
  rows: [
    { draftId: 11, foreignId: 'wdr-1', currency: 'BTC', amount: '0.0001', address: ADDRESS, tag: null, state: 'sent', missing: 0, journalId: 4 },
    { draftId: 12, foreignId: 'wdr-2', currency: 'BTC', amount: '0.0002', address: ADDRESS, tag: null, state: 'waiting', missing: 1, journalId: null },
  ],
  totals: { BTC: '0.0003' },
  sending: false,
  sendsPerSecond: 1,
};

function open(answers: Partial<Record<Channel, (payload: unknown) => MainAnswer>> = {}, initial: WithdrawalFormValues = PARTIES, language: ShippedLanguage = 'en') {
  const main = standInForMain((channel, payload) => answers[channel]?.(payload) ?? stillAnswering());
  renderScreen(createElement(PayoutImport, { initial }), undefined, language);
  return main;
}

const choose = (text: string, language: ShippedLanguage = 'en') =>
  fireEvent.change(screen.getByLabelText(say(language, 'withdrawals.payout.file')), { target: { files: [new File([text], 'payout.csv', { type: 'text/csv' })] } });
const draftButton = () => screen.getByRole('button', { name: 'Draft the batch' });
const cells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

describe('the payout file', () => {
  it('shows every problem by row, line and field, and drafts nothing', async () => {
    const main = open();
    choose([HEADER, `${ADDRESS},,BTC,0.0001,ok`, `${TYPO},,BTC,1.5e3,bad`].join('\n'));
    const table = await screen.findByTestId('payout-problems');
    const rows = cells(table);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['2', '3', 'address'],
      ['2', '3', 'amount'],
    ]);
    expect(rows[0]?.[3]).toContain('Character 21');
    expect(draftButton()).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('payout-totals')).toBeNull();
    expect(main.sentOn('withdrawals.importBatch')).toEqual([]);
  });

  it('checks the totals against the balances cache', async () => {
    const balances = { value: { balances: [{ currency: 'BTC', type: 'crypto', balance: '0.0002' }], unreadable: [], fetchedAt: '2026-11-27T04:00:00.000Z' } };
    open({ 'accounts.list': () => balances });
    choose(GOOD);
    const table = await screen.findByTestId('payout-problems');
    expect(cells(table).map((row) => row.slice(0, 3))).toEqual([['2', '3', 'amount']]);
  });

  it('shows the totals per currency of a good file, and drafts it with the form’s parties', async () => {
    const main = open({ 'withdrawals.importBatch': () => ({ value: { batch: BATCH, problems: [] } }), 'withdrawals.batch': () => ({ value: { batch: BATCH } }) });
    choose(GOOD);
    expect(cells(await screen.findByTestId('payout-totals'))).toEqual([['BTC', '0.0003']]);
    fireEvent.click(draftButton());
    await waitFor(() => expect(main.sentOn('withdrawals.importBatch')).toHaveLength(1));
    expect(main.sentOn('withdrawals.importBatch')[0]).toEqual({
      csv: GOOD,
      senderType: 'legal',
      senderData: { legal_name: 'Example GmbH', country_of_registration: 'DEU' },
      receiverType: 'self',
    });
    const rows = await screen.findByTestId('payout-rows');
    expect(cells(rows).map((row) => row[5])).toEqual(['Sent', 'Waiting (1 approval missing)']);
    expect(main.sentOn('withdrawals.batch')).toEqual([{ batchId: BATCH.batchId }]);
  });

  it('asks for the sender before drafting', async () => {
    const main = open({}, blankWithdrawalForm('BTC'));
    choose(GOOD);
    await screen.findByTestId('payout-totals');
    fireEvent.click(draftButton());
    await waitFor(() => expect(screen.getByText('Choose natural person or legal entity')).toBeTruthy());
    expect(main.sentOn('withdrawals.importBatch')).toEqual([]);
  });

  it('shows main’s problems by row when it refuses the file', async () => {
    const refusal = { row: 2, line: 3, field: 'amount', code: 'minimum', message: 'The amount is below the minimum of 0.0005 BTC.' };
    open({ 'withdrawals.importBatch': () => ({ value: { batch: null, problems: [refusal] } }) });
    choose(GOOD);
    await screen.findByTestId('payout-totals');
    fireEvent.click(draftButton());
    const table = await screen.findByTestId('payout-problems');
    expect(within(table).getByText('Main refused the file: nothing was drafted')).toBeTruthy();
    expect(cells(table)).toEqual([['2', '3', 'amount', refusal.message]]);
    expect(screen.queryByTestId('payout-rows')).toBeNull();
  });

  it('approves the drafted batch in main and shows its rows as main answers', async () => {
    const sending: PayoutBatch = { ...BATCH, sending: true };
    const main = open({
      'withdrawals.importBatch': () => ({ value: { batch: BATCH, problems: [] } }),
      'withdrawals.batch': () => ({ value: { batch: BATCH } }),
      'withdrawals.approveBatch': () => ({ value: { batch: sending } }),
    });
    choose(GOOD);
    await screen.findByTestId('payout-totals');
    fireEvent.click(draftButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Approve batch' }));
    await waitFor(() => expect(main.sentOn('withdrawals.approveBatch')).toEqual([{ batchId: BATCH.batchId }]));
    await waitFor(() => expect(screen.getByText('Main is sending the rows, at most 1 a second.')).toBeTruthy());
  });

  it('shows main’s refusal of the approval', async () => {
    const refusal = 'Payout batch pay-20261127-abc was drafted by your login (ana): another login approves it.';
    open({
      'withdrawals.importBatch': () => ({ value: { batch: BATCH, problems: [] } }),
      'withdrawals.batch': () => ({ value: { batch: BATCH } }),
      'withdrawals.approveBatch': () => ({ error: { kind: 'invalid_request', message: refusal, fields: {} } }),
    });
    choose(GOOD);
    await screen.findByTestId('payout-totals');
    fireEvent.click(draftButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Approve batch' }));
    await waitFor(() => expect(screen.getByTestId('payout-approve-error').textContent).toBe(refusal));
  });
});

describe('the payout file’s problems in the window’s language', () => {
  it('says a header that is not the back office’s in German', async () => {
    open({}, PARTIES, 'de');
    choose([`Address,Tag,Currency,Amount`, `${ADDRESS},,BTC,0.0001`].join('\n'), 'de');
    const rows = cells(await screen.findByTestId('payout-problems'));
    expect(rows[0]?.[3]).toBe(
      'Die erste Zeile der Datei muss genau Address,Tag,Currency,Amount,Note lauten (die Sammelauszahlungsdatei des Back Office); sie lautet "Address,Tag,Currency,Amount".',
    );
  });

  it('says a stray quote, and an address problem main refused a row for, in French', async () => {
    open({}, PARTIES, 'fr');
    choose([HEADER, `${ADDRESS},,BTC,0.0"001,x`].join('\n'), 'fr');
    expect(cells(await screen.findByTestId('payout-problems'))[0]?.[3]).toBe(
      'Ligne 2 du fichier : un guillemet dans un champ sans guillemets ; mettez tout le champ entre guillemets et écrivez le guillemet sous la forme "".',
    );
    cleanup();
    // Main checks the file again and answers its own problems, as rules' messages the view words.
    const refused = checkPayoutCsv([HEADER, `${TYPO},,BTC,0.0001,x`].join('\n')).problems;
    open({ 'withdrawals.importBatch': () => ({ value: { batch: null, problems: refused } }) }, PARTIES, 'fr');
    choose(GOOD, 'fr');
    await screen.findByTestId('payout-totals');
    fireEvent.click(screen.getByRole('button', { name: say('fr', 'withdrawals.payout.draft') }));
    await waitFor(() => expect(screen.getByTestId('payout-problems').textContent).toContain('Le caractère 21 (« q ») semble erroné'));
  });
});
