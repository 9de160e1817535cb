import type { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { OUTCOMES_ASK_EVERY_MS } from '../../../shared/ipc/index.ts';
import type { ProfileList } from '../../../shared/ipc/profile.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { PROFILES_KEY } from '../../components/use-profiles.ts';
import { staticMarkup } from '../../testing/static-markup.ts';
import { HistoryScreen } from './HistoryScreen.tsx';
import { JOURNAL_KEY } from './use-journal.ts';
import { BLANK_SEARCH, toQuery } from './search-form-schema.ts';
import { outcomesKey } from './use-outcomes.ts';

/**
 * A callback shows in History within a second of its arrival at the receiver (docs/benchmarks.md,
 * "Callback receiver"): while the screen is open it asks main for its entries' outcomes at least
 * twice a second. With an ask every 2 s, a callback that came just after an ask waited 2 s.
 */

const PROFILE_ID = 'shop';
const profiles = {
  profiles: [{ id: PROFILE_ID, name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', kind: 'live', keyHint: 'ab12', hasSecret: true, credentialsBaseUrl: null, teamJournal: null }],
  activeId: PROFILE_ID,
} as unknown as ProfileList;

describe("History's outcomes", () => {
  it('are asked for again at least twice a second while the screen is open', () => {
    const entries = [journalEntryOf({ id: 7, operation: 'invoices.create', state: 'succeeded', serviceId: '826901' })];
    // The search History opens with (payments, newest first).
    const searchKey = [...JOURNAL_KEY, 'search', PROFILE_ID, toQuery(BLANK_SEARCH)];
    let client: QueryClient | undefined;
    staticMarkup(createElement(HistoryScreen), (made) => {
      client = made;
      made.setQueryData(PROFILES_KEY, profiles);
      made.setQueryData(searchKey, { pages: [{ entries, unreadable: [] }], pageParams: [0] });
    });
    const query = client?.getQueryCache().find({ queryKey: outcomesKey([7]), exact: true });
    expect(query).toBeDefined();
    const interval = (query?.options as { refetchInterval?: unknown } | undefined)?.refetchInterval;
    expect(interval).toBe(OUTCOMES_ASK_EVERY_MS);
    expect(OUTCOMES_ASK_EVERY_MS).toBeLessThanOrEqual(500);
  });
});
