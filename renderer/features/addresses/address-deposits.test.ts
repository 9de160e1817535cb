import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { depositsSummary, outcomeWords } from '../../../shared/api/outcome-words.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import type { EntryOutcome, OutcomeSource } from '../../../shared/ipc/index.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { AddressDeposits } from './AddressDeposits.tsx';
import type { TakenAddress } from './draft.ts';
import { addressDepositsKey } from './use-address-deposits.ts';

// The deposits into an address given, as React renders them from main's answer to
// outcomes.forEntries: each with its amount, status, time and txid; what is said when none is
// reported yet or no receiver can tell; and, on the Local sandbox, the page to pay into it.

const TXID_1 = 'a'.repeat(64);
const TXID_2 = 'b'.repeat(64);

const taken = (sandboxPage: string | null = null): TakenAddress => ({
  address: { id: 40001, currency: 'BTC', convert_to: null, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', tag: null, foreign_id: 'addr-20250601-k3x9q2mz' },
  request: {
    currency: 'BTC',
    foreign_id: 'addr-20250601-k3x9q2mz',
    end_user_reference: 'cust-42',
    sender_type: 'natural',
    sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', email: undefined },
  },
  receivedAt: Date.UTC(2025, 5, 1, 12),
  journalId: 7,
  sandboxPage,
});

const step = (status: string, words: string, tone: 'ok' | 'wait', amount: string | null, txids: string[]) => ({
  at: '2025-06-01T12:00:40.000Z',
  origin: 'callback' as const,
  status,
  words,
  tone,
  txids,
  leftToPay: null,
  amount,
});

const TWO_DEPOSITS: EntryOutcome = {
  current: step('not_confirmed', depositsSummary(['confirmed', 'not_confirmed']), 'wait', null, [TXID_1, TXID_2]),
  known: true,
  final: false,
  timeline: [],
  deposits: [
    { id: '134700009', firstAt: '2025-06-01T12:00:05.000Z', current: step('confirmed', outcomeWords('deposit', 'confirmed', null).words, 'ok', '0.01 BTC', [TXID_1]) },
    { id: '134700010', firstAt: '2025-06-01T12:00:20.000Z', current: step('not_confirmed', outcomeWords('deposit', 'not_confirmed', null).words, 'wait', '0.25 BTC', [TXID_2]) },
  ],
};

const render = (value: TakenAddress, answer?: { source: OutcomeSource; outcomes: Array<{ entryId: number; outcome: EntryOutcome }> }, language: Language = 'en') =>
  staticMarkup(
    createElement(AddressDeposits, { taken: value }),
    (client) => {
      if (answer) client.setQueryData(addressDepositsKey(value.journalId), answer);
    },
    language,
  );

const RECEIVER: OutcomeSource = { kind: 'receiver', url: 'http://127.0.0.1:1/' };

describe('the deposits into an address given', () => {
  it('lists every deposit with its amount, where it stands, when it was first reported and its txid', () => {
    const html = render(taken(), { source: { kind: 'receiver', url: 'http://127.0.0.1:1/' }, outcomes: [{ entryId: 7, outcome: TWO_DEPOSITS }] });
    const text = readableText(html);
    expect(text).toContain('2 deposits: 1 being processed, 1 confirmed');
    expect(text).toMatch(/2025-06-01 12:00:05 UTC.*0\.01 BTC Confirmed transaction 134700009 txid a{64} Copy/);
    expect(text).toMatch(/2025-06-01 12:00:20 UTC.*0\.25 BTC Being processed transaction 134700010 txid b{64} Copy/);
    expect(html.match(/data-testid="deposit"/g)).toHaveLength(2);
    expect(html).not.toContain('address-sandbox-page'); // not the Local sandbox
  });

  it('says the summary and each deposit’s state in German and in French', () => {
    const de = readableText(render(taken(), { source: RECEIVER, outcomes: [{ entryId: 7, outcome: TWO_DEPOSITS }] }, 'de'));
    expect(de).toContain('2 Einzahlungen: 1 in Bearbeitung, 1 bestätigt');
    expect(de).toMatch(/0\.01 BTC Bestätigt /);
    expect(de).toMatch(/0\.25 BTC In Bearbeitung /);
    const fr = readableText(render(taken(), { source: RECEIVER, outcomes: [{ entryId: 7, outcome: TWO_DEPOSITS }] }, 'fr'));
    expect(fr).toContain('2 dépôts : 1 en cours de traitement, 1 confirmé');
    expect(fr).toMatch(/BTC Confirmé /);
  });

  it('shows a summary an older desktop kept in English as it came', () => {
    const kept: EntryOutcome = { ...TWO_DEPOSITS, current: { ...TWO_DEPOSITS.current, words: '2 deposits: 1 confirmed, 1 being processed' } };
    expect(readableText(render(taken(), { source: RECEIVER, outcomes: [{ entryId: 7, outcome: kept }] }, 'de'))).toContain('2 deposits: 1 confirmed, 1 being processed');
  });

  it('says why nothing is listed: none reported yet, no receiver for the profile, or the receiver unreadable', () => {
    expect(readableText(render(taken(), { source: { kind: 'receiver', url: 'http://127.0.0.1:1/' }, outcomes: [] }))).toContain('No deposit reported yet');
    const none = readableText(render(taken(), { source: { kind: 'no-receiver' }, outcomes: [] }));
    expect(none).toContain('A receiver is needed to see what became of it');
    expect(none).toContain('what arrives at this address');
    expect(none).not.toContain('No deposit reported yet');
    expect(readableText(render(taken(), { source: { kind: 'unreachable', url: 'http://127.0.0.1:1/', problem: 'connection refused' }, outcomes: [] }))).toContain(
      'The receiver could not be read',
    );
    expect(readableText(render(taken()))).toContain('Asking the receiver');
  });

  it('offers the Local sandbox’s page to pay into the address, to copy or open', () => {
    const page = 'http://127.0.0.1:41234/deposit/Ab3dEf6hIj9k';
    const text = readableText(render(taken(page), { source: { kind: 'receiver', url: 'http://127.0.0.1:1/' }, outcomes: [] }));
    expect(text).toContain(`Pay into this address on the sandbox page, as the customer's wallet would, as often as you like: ${page} Copy`);
    expect(text).toContain('Open the sandbox page');
  });
});
