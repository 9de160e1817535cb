// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import type { ProfileList } from '../../../shared/ipc/profile.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { renderScreen, standInForMain } from '../../testing/screen-with-bridge.ts';
import { useHistorySearch } from './history-search.ts';
import { HistoryScreen } from './HistoryScreen.tsx';

// Component tests .ts, not .tsx: vitest.config.ts includes renderer/**/*.test.ts only.
// History as a clerk opens it: the payments, one row each with what became of it in words, and the
// lookups one choice away; main (a stand-in) answers each kind as the journal's search would.

const profiles = {
  profiles: [{ id: 'local-sandbox', name: 'Local sandbox', baseUrl: 'http://127.0.0.1:8787/api/v2', kind: 'local-sandbox', keyHint: null, hasSecret: true, credentialsBaseUrl: null }],
  activeId: 'local-sandbox',
} as unknown as ProfileList;

const invoice = journalEntryOf({
  id: 5, operation: 'invoices.create', foreignId: 'inv-20250601-ab12cd34', serviceId: '134700001', serviceStatus: 'created', title: 'Order 1042',
  endUserReference: 'CUST-1042', currency: 'EUR', amount: '100.50', httpStatus: 201, durationMs: 85, madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01',
});
const exchange = journalEntryOf({ id: 4, operation: 'exchange.place', foreignId: 'exch-7', state: 'unknown', currency: 'BTC', amount: '0.00012345', httpStatus: null, durationMs: 30_000 });
const nothingFound = journalEntryOf({ id: 3, operation: 'transactions.lookup', foreignId: 'w-1', state: 'failed', httpStatus: 404, durationMs: 3, message: 'No transaction with this foreign id.' });
const found = journalEntryOf({ id: 2, operation: 'transactions.lookup', serviceId: '826900', serviceStatus: 'confirmed', httpStatus: 200, durationMs: 40 });

/** Main answering the journal's search by kind, as the journal's statement does (search-sql.ts). */
function main() {
  return standInForMain((channel, payload) => {
    if (channel === 'profiles.list') return { value: profiles };
    if (channel === 'journal.people') return { value: { people: ['Ana Ruiz'] } };
    if (channel === 'outcomes.forEntries') return { value: { source: { kind: 'no-receiver' }, outcomes: [] } };
    if (channel === 'journal.search') {
      const { kind } = payload as JournalQuery;
      const entries = [invoice, exchange, nothingFound, found].filter((entry) => kind === undefined || (kind === 'lookups') === (entry.operation === 'transactions.lookup'));
      return { value: { entries, unreadable: [] } };
    }
    return { value: {} };
  });
}

const table = () => screen.getByRole('table');
const rowWords = () => within(table()).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''));
const kinds = (sent: unknown[]) => sent.map((query) => (query as JournalQuery).kind ?? 'everything');

beforeEach(() => useHistorySearch.setState(useHistorySearch.getInitialState(), true));
afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

describe('History', () => {
  it('opens on the payments: one row each, what it is, amount, reference, who, and the outcome in words; no HTTP status or time', async () => {
    const stand = main();
    renderScreen(createElement(HistoryScreen));
    await waitFor(() => expect(rowWords()).toHaveLength(2));
    expect(kinds(stand.sentOn('journal.search'))).toEqual(['payments']);
    expect(within(table()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['When', 'What', 'Amount', 'Reference', 'Made by', 'Outcome']);
    const [first, second] = rowWords();
    expect(first?.slice(1)).toEqual(['Invoice', '100.50 EUR', 'inv-20250601-ab12cd34service id 134700001Order 1042 · ref CUST-1042', 'Ana Ruiz on FINANCE-01', 'Created, not paid yet']);
    expect(second?.slice(1)).toEqual(['Exchange', '0.00012345 BTC', 'exch-7', '—', 'Outcome unknown']);
    expect(table().textContent).not.toMatch(/none|201|85 ms|HTTP/);
    expect(screen.getByTestId('history-count').textContent).toBe('2 payments, newest first');
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('payments');
    // The Operation list offers the payments' operations only.
    expect([...(screen.getByLabelText('Operation') as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Any operation', 'Invoice creation', 'Fixed exchange', 'Deposit address', 'Withdrawal']);
  });

  it('shows the lookups on request, a lookup that found nothing as "Nothing found", neutral, not a red failure; and everything', async () => {
    const stand = main();
    renderScreen(createElement(HistoryScreen));
    await waitFor(() => expect(rowWords()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Operation'), { target: { value: 'invoices.create' } });
    await waitFor(() => expect(stand.sentOn('journal.search')).toHaveLength(2));

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'lookups' } });
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('2 lookups, newest first'));
    // An operation of another kind is let go with the change of kind, so the lookups are not filtered to none.
    expect(stand.sentOn('journal.search').at(-1)).toEqual({ kind: 'lookups', limit: 50, offset: 0 });
    expect(rowWords().map((row) => [row[1], row.at(-1)])).toEqual([
      ['Lookup', 'Nothing found'],
      ['Lookup', 'Found: Confirmed'],
    ]);
    const nothing = within(table()).getByText('Nothing found');
    expect(nothing.getAttribute('data-tone')).toBe('neutral');
    expect(nothing.className).not.toMatch(/journal-state-bad/);
    expect(nothing.getAttribute('data-state')).toBe('failed');
    expect(table().textContent).not.toContain('Failed');

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'everything' } });
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('4 entries, newest first'));
    expect(kinds(stand.sentOn('journal.search'))).toEqual(['payments', 'payments', 'lookups', 'everything']);
  });

  it('says when no payment is recorded yet, and offers everything', async () => {
    const stand = standInForMain((channel, payload) => {
      if (channel === 'profiles.list') return { value: profiles };
      if (channel === 'journal.people') return { value: { people: [] } };
      if (channel === 'journal.search') return { value: { entries: (payload as JournalQuery).kind ? [] : [nothingFound], unreadable: [] } };
      return { value: { source: { kind: 'no-receiver' }, outcomes: [] } };
    });
    renderScreen(createElement(HistoryScreen));
    expect((await screen.findByText(/No payment recorded yet/)).textContent).toBe('No payment recorded yet: no invoice, exchange or deposit address. Show everything');
    fireEvent.click(screen.getByRole('button', { name: 'Show everything' }));
    await waitFor(() => expect(rowWords()).toHaveLength(1));
    expect(kinds(stand.sentOn('journal.search'))).toEqual(['payments', 'everything']);
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('everything');
  });
});
