// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { outcomeWords } from '../../../shared/api/outcome-words.ts';
import type { WithdrawalDraft } from '../../../shared/ipc/capabilities/withdrawals.ts';
import type { EntryOutcome } from '../../../shared/ipc/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { EntryDialog } from './EntryDialog.tsx';

// A withdrawal's whole story in History's detail: the draft and its decisions from main
// (withdrawals.story), the send and what became of it from the entry itself.

const FOREIGN_ID = 'wdr-20261127-story';

const withdrawal = journalEntryOf({
  id: 9,
  operation: 'withdrawals.approve',
  foreignId: FOREIGN_ID,
  state: 'succeeded',
  serviceId: '5001',
  serviceStatus: 'processing',
  currency: 'BTC',
  amount: '0.001',
  madeBy: 'Ben Okafor',
  madeOn: 'ben-laptop',
  madeLogin: 'ben',
  sentAt: '2026-11-27T05:10:00.000Z',
});

const draft: WithdrawalDraft = {
  id: 3,
  foreignId: FOREIGN_ID,
  currency: 'BTC',
  amount: '0.001',
  address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  request: '{}',
  requestSha256: 'ab',
  batchId: null,
  draftedLogin: 'ana',
  draftedBy: 'Ana Ruiz',
  draftedAt: '2026-11-27T05:00:00.000Z',
  expiresAt: '2026-11-28T05:00:00.000Z',
  state: 'sending',
  missing: 0,
  decisions: [
    { decision: 'reject', login: 'cleo', decidedBy: 'Cleo Hart', reason: 'Check the amount first', decidedAt: '2026-11-27T05:05:00.000Z' },
    { decision: 'approve', login: 'ben', decidedBy: 'Ben Okafor', reason: null, decidedAt: '2026-11-27T05:09:00.000Z' },
  ],
  claimedLogin: 'ben',
  checks: [],
};

function open(entry: JournalEntry, story: WithdrawalDraft | null, outcome?: EntryOutcome) {
  const main = standInForMain((channel) => (channel === 'withdrawals.story' ? { value: { draft: story } } : stillAnswering()));
  renderScreen(
    createElement(EntryDialog, {
      entry,
      outcomes: { byEntry: new Map(outcome ? [[entry.id, outcome]] : []), source: null },
      onClose: () => undefined,
      onChange: () => undefined,
    }),
  );
  return main;
}

const steps = async () => {
  const story = await screen.findByTestId('withdrawal-story');
  await waitFor(() => expect(within(story).getAllByRole('listitem').length).toBeGreaterThan(1));
  return within(story)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

describe('a withdrawal’s story in History’s detail', () => {
  it('tells in order who drafted it and when, every decision with its reason, who sent it and when, and what became of it', async () => {
    const main = open(withdrawal, draft);
    expect(await steps()).toEqual([
      'Drafted by Ana Ruiz (login ana), 2026-11-27 05:00:00 UTC',
      'Rejected by Cleo Hart (login cleo), 2026-11-27 05:05:00 UTC: Check the amount first',
      'Approved by Ben Okafor (login ben), 2026-11-27 05:09:00 UTC',
      'Sent by Ben Okafor (login ben) on ben-laptop, 2026-11-27 05:10:00 UTC: the service took it (service status: processing)',
      expect.stringMatching(/^What became of it: .+ \(the journal’s record; no callback yet\)$/),
    ]);
    expect(main.sentOn('withdrawals.story')).toEqual([{ foreignId: FOREIGN_ID }]);
  });

  it('says what the service reported became of it, where it did', async () => {
    const step = { at: '2026-11-27T05:20:00.000Z', origin: 'callback' as const, status: 'confirmed', words: outcomeWords('withdrawal', 'confirmed', null).words, tone: 'ok' as const, txids: [], leftToPay: null, amount: null };
    const outcome: EntryOutcome = { current: step, known: true, final: true, timeline: [step], deposits: [] };
    open(withdrawal, draft, outcome);
    expect((await steps()).at(-1)).toBe('What became of it: Confirmed');
  });

  it('says so when no draft of the journal has its foreign id, and still tells the send', async () => {
    open({ ...withdrawal, state: 'unknown', serviceStatus: null }, null);
    const told = await steps();
    expect(told[0]).toContain('No withdrawal draft in this profile’s journal has this foreign id');
    expect(told[1]).toContain('no clear answer: its outcome is unknown');
  });

  it('is not told for an entry that is not a withdrawal', async () => {
    const main = open(journalEntryOf({ id: 10, operation: 'invoices.create', foreignId: 'inv-1' }), draft);
    await screen.findByTestId('entry-detail');
    expect(screen.queryByTestId('withdrawal-story')).toBeNull();
    expect(main.sentOn('withdrawals.story')).toEqual([]);
  });
});
