// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../../shared/ipc/errors.ts';
import type { ProfileList, ProfileView } from '../../../../shared/ipc/profile.ts';
import { PROFILES_KEY } from '../../../components/use-profiles.ts';
import type { MainAnswer } from '../../../testing/screen-with-bridge.ts';
import { renderScreen, standInForMain, stillAnswering } from '../../../testing/screen-with-bridge.ts';
import { ExchangeDialog } from './ExchangeDialog.tsx';
import type { ExchangeOutcome } from './outcome.ts';
import type { SpentQuote } from './spent-quote.ts';
import { orderAt, quote } from './testing/placed-quote.ts';

// Component tests .ts, not .tsx: vitest.config.ts includes renderer/**/*.test.ts only, so the
// elements are made with createElement.

const VERB = 'Exchange 0.01000000 BTC for 612.34512345 EUR';
/** The one shape of a foreign id (shared/submission/foreign-id.ts), as an exchange's. */
const EXCHANGE_ID = /^exch-\d{8}-[a-z2-9]{8}$/;

const profile = (kind: ProfileView['kind']): ProfileView => ({
  id: 'p-1',
  name: kind === 'live' ? 'Shop' : 'Shop sandbox',
  baseUrl: 'https://app.sandbox.cryptoprocessing.com/api/v2',
  kind,
  keyHint: 'ab12',
  hasSecret: true,
  credentialsBaseUrl: null,
  teamJournal: null,
  teamJournalPasswordFor: null,
  merchantName: null,
  receiverUrl: null,
  credentialsReceiverUrl: null,
});

/** The profiles main answered before the dialog opened (the header reads them first). */
const profilesOf = (kind: ProfileView['kind']) => (client: QueryClient) =>
  client.setQueryData<ProfileList>(PROFILES_KEY, { profiles: [profile(kind)], activeId: 'p-1' });

/** Opens the review of `quote` on a profile of `kind`, main answering exchange.place with `placement`. */
function openReview(kind: ProfileView['kind'], placement: (payload: { quoteId: string; foreignId: string }) => MainAnswer) {
  const main = standInForMain((channel, payload) => {
    if (channel === 'exchange.place') return placement(payload as { quoteId: string; foreignId: string });
    return stillAnswering();
  });
  const outcomes: ExchangeOutcome[] = [];
  const spent: SpentQuote[] = [];
  renderScreen(
    createElement(ExchangeDialog, {
      quote,
      quoteId: 'quote-1',
      releaseAt: Date.now() + 59_000,
      requoting: false,
      retryAt: null,
      unresolved: null,
      onRequote: () => {},
      onOutcome: (outcome) => outcomes.push(outcome),
      onSpent: (quote) => spent.push(quote),
      onClose: () => {},
    }),
    profilesOf(kind),
  );
  return { main, outcomes, spent, placements: () => main.sentOn('exchange.place') as { quoteId: string; foreignId: string }[] };
}

const dialog = () => screen.getByRole('dialog');
/** The figure a definition list gives for `term`, as read after the term. */
const figure = (term: string) => within(dialog()).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const refusedWith = (error: AppError) => () => ({ error });

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

describe('the exchange dialog', () => {
  it('shows the quote’s amounts, price and fee at each currency’s places, never a digit cut, the total debited, and a new exchange foreign id', () => {
    openReview('sandbox', stillAnswering);
    expect(screen.getByRole('dialog', { name: 'Review the exchange' })).toBeTruthy();
    expect(figure('You send')).toBe('0.01000000 BTC');
    expect(figure('You receive')).toBe('612.34512345 EUR');
    expect(figure('Price')).toBe('1 BTC = 61,234.512345 EUR');
    expect(figure('Fee')).toBe('0.00010000 BTC');
    // The fee is taken from the balance sent from, with the amount.
    expect(figure('Total debited')).toBe('0.01010000 BTC (amount and fee)');
    expect(figure('Foreign id')).toMatch(EXCHANGE_ID);
    expect(within(dialog()).getByRole('button', { name: VERB }).hasAttribute('disabled')).toBe(false);
  });

  it('Confirm sends exactly one exchange.place, with the quote id and the foreign id shown, even on a double click', async () => {
    const { placements, outcomes, spent } = openReview('sandbox', ({ foreignId }) => Promise.resolve({ value: { order: orderAt(foreignId), journalId: 'j-1' } }));
    const shown = figure('Foreign id');
    const confirm = within(dialog()).getByRole('button', { name: VERB });
    // Both clicks land before React draws the button disabled, as a quick double click can.
    act(() => {
      confirm.click();
      confirm.click();
    });
    await screen.findByRole('heading', { name: 'Exchange placed' });
    expect(placements()).toEqual([{ quoteId: 'quote-1', foreignId: shown }]);
    expect(placements()[0]?.foreignId).toMatch(EXCHANGE_ID);
    expect(outcomes).toMatchObject([{ kind: 'placed', order: { id: 134704049, foreign_id: shown } }]);
    // The screen's quote card stops offering the quote it was placed at.
    expect(spent).toEqual([{ quoteId: 'quote-1', why: 'Used for exchange order 134704049.' }]);
  });

  it('on a LIVE profile goes straight to placing, and waits for the person’s yes in main’s own window', async () => {
    const { placements } = openReview('live', stillAnswering);
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]).toEqual({ quoteId: 'quote-1', foreignId: figure('Foreign id') });
    const waiting = within(dialog()).getByRole('button', { name: 'Waiting for your confirmation…' });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByRole('status').textContent).toMatch(/^Confirm or cancel this exchange in the window Merchant Console opened/);
  });

  it('an unknown outcome shows the unknown-outcome panel with the foreign id to check, and nothing that places again', async () => {
    const { placements } = openReview('sandbox', ({ foreignId }) =>
      refusedWith({ kind: 'outcome_unknown', message: 'No answer came within 30 s.', foreignId, decision: 'outcome_unknown' })(),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: VERB }));
    expect(await screen.findByRole('heading', { name: 'Outcome unknown' })).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toBe('Outcome unknown: the exchange may or may not have been placed.');
    expect(within(dialog()).getByText('No answer came within 30 s.')).toBeTruthy();
    expect(figure('Foreign id to check')).toContain(placements()[0]?.foreignId);
    expect(within(dialog()).getByRole('link', { name: 'Look up this foreign id' })).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: VERB })).toBeNull();
    expect(placements()).toHaveLength(1);
  });

  it('shows main’s decision, not a rule of its own: a connection error main decided may have arrived is an unknown outcome', async () => {
    openReview('sandbox', refusedWith({ kind: 'network', message: 'The connection was lost.', decision: 'outcome_unknown' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: VERB }));
    expect(await screen.findByRole('heading', { name: 'Outcome unknown' })).toBeTruthy();
  });

  it('a used quote disables the exchange and says why, offering a new quote instead', async () => {
    const { placements, spent } = openReview(
      'sandbox',
      refusedWith({ kind: 'quote_unavailable', reason: 'used', message: 'This quote was already used for an exchange.', decision: 'not_carried_out' }),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: VERB }));
    const why = await within(dialog()).findByRole('alert');
    expect(why.textContent).toContain('Nothing was placed: this quote was already used for an exchange, and a quote places one at most.');
    const confirm = within(dialog()).getByRole('button', { name: VERB });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirm);
    expect(placements()).toHaveLength(1);
    expect(spent).toEqual([{ quoteId: 'quote-1', why: 'Already used for an exchange.' }]);
    expect(within(dialog()).getByRole('button', { name: 'Get a new quote (R)' })).toBeTruthy();
  });

  it('a duplicate decision is said in the words the forms use, with the foreign id used before to look up', async () => {
    const { placements } = openReview('sandbox', ({ foreignId }) =>
      refusedWith({ kind: 'already_sent', message: `The exchange with foreign id ${foreignId} was already sent.`, foreignId, decision: 'duplicate' })(),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: VERB }));
    const why = await within(dialog()).findByRole('alert');
    const sent = placements()[0]?.foreignId ?? '';
    expect(why.textContent).toContain('This foreign id was used before, so no second exchange was made with it.');
    expect(why.textContent).toContain('For another exchange, get a new quote: it carries a new foreign id.');
    expect(within(why).getByRole('link', { name: `Look up ${sent}` })).toBeTruthy();
    expect(figure('Foreign id')).not.toBe(sent);
    expect(within(dialog()).getByRole('button', { name: VERB }).hasAttribute('disabled')).toBe(true);
  });
});
