import type { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { ProfileList } from '../../../shared/ipc/profile.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { SILENT_PENDING_AFTER_MS } from '../../../shared/submission/silent-pending.ts';
import { PROFILES_KEY } from '../../components/use-profiles.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { AttentionBanner, AttentionNotice } from './AttentionBanner.tsx';
import { EntryDialog } from './EntryDialog.tsx';
import { HistoryScreen } from './HistoryScreen.tsx';
import { attentionRecheckMs, historyRecheckMs, JOURNAL_KEY, TEAM_JOURNAL_RECHECK_MS } from './use-journal.ts';

// A submission another desktop sent and never settled (that desktop may have stopped for
// good) is on the banner and can be resolved in History; and with a team journal the banner and
// History read main again by themselves, so another desktop's news arrives without a reload.

const PROFILE_ID = 'team-shop';
const TEAM = { host: 'db.example.com', port: 5432, database: 'finance', user: 'console', caFile: null };
const profilesWith = (teamJournal: typeof TEAM | null) =>
  ({
    profiles: [{ id: PROFILE_ID, name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', kind: 'live', keyHint: 'ab12', hasSecret: true, credentialsBaseUrl: null, teamJournal }],
    activeId: PROFILE_ID,
  }) as unknown as ProfileList;

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const minutesAgo = (minutes: number, now = NOW) => new Date(now - minutes * 60_000).toISOString();
/** Ana's invoice, sent `minutes` ago, no answer recorded since. */
const sentAgo = (minutes: number, now = NOW) =>
  journalEntryOf({ id: 41, operation: 'invoices.create', state: 'pending', foreignId: 'inv-silent', madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01', sentAt: minutesAgo(minutes, now), updatedAt: minutesAgo(minutes, now) });
const lost = journalEntryOf({ id: 40, operation: 'exchange.place', state: 'unknown', foreignId: 'exch-lost', madeBy: 'Ben Okafor', madeOn: 'FINANCE-02' });

const notice = (entries: ReturnType<typeof journalEntryOf>[]) => readableText(staticMarkup(createElement(AttentionNotice, { entries, error: null, now: NOW }))).replace(/ ([,.:])/g, '$1');

describe('the banner, for a submission whose desktop recorded no answer', () => {
  it('says for how long, and that the desktop that sent it (who, on which computer) may have stopped', () => {
    expect(notice([sentAgo(12)])).toBe(
      'One operation needs a check: No answer recorded for 12 minutes for inv-silent: the desktop that sent it (Ana Ruiz on FINANCE-01) may have stopped. Check in History',
    );
  });

  it('beside unknown outcomes: both said, each with its own way into History', () => {
    const html = staticMarkup(createElement(AttentionNotice, { entries: [lost, sentAgo(25)], error: null, now: NOW }));
    const text = readableText(html).replace(/ ([,.:])/g, '$1');
    expect(text).toContain('2 operations need a check: the outcome is unknown for exch-lost (made by Ben Okafor on FINANCE-02). The service may have acted on it.');
    expect(text).toContain('No answer recorded for 25 minutes for inv-silent: the desktop that sent it (Ana Ruiz on FINANCE-01) may have stopped.');
    expect([...html.matchAll(/<a [^>]*class="attention-link"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1])).toEqual(['Check in History', 'Check the ones with no answer']);
  });
});

describe('an entry’s detail', () => {
  const detail = (entry: ReturnType<typeof journalEntryOf>) =>
    staticMarkup(createElement(EntryDialog, { entry, outcomes: { byEntry: new Map(), source: null }, onClose: () => undefined, onChange: () => undefined }));
  const formOf = (html: string) => /<form class="history-resolve"/.test(html);

  it('offers to record what happened once a sent submission has been silent for longer than the threshold, saying why', () => {
    const silentFor = SILENT_PENDING_AFTER_MS / 60_000 + 2;
    const html = detail(sentAgo(silentFor, Date.now()));
    expect(formOf(html)).toBe(true);
    expect(readableText(html)).toContain(
      `It was sent ${silentFor} minutes ago and no answer was recorded since: the desktop that sent it (Ana Ruiz on FINANCE-01) may have stopped.`,
    );
  });

  it('not before: its desktop may still be waiting for the answer; nor for a try that was never sent', () => {
    expect(formOf(detail(sentAgo(SILENT_PENDING_AFTER_MS / 60_000 - 1, Date.now())))).toBe(false);
    expect(formOf(detail({ ...sentAgo(60, Date.now()), sentAt: null }))).toBe(false);
    expect(formOf(detail(lost))).toBe(true);
  });
});

describe('reading the journal again by itself', () => {
  it('with a team journal the banner looks every 30 s; without one only during an outage, to see it come back', () => {
    const outage = new AppFailure({ kind: 'journal_unavailable', message: 'The team journal cannot be reached.' });
    expect(TEAM_JOURNAL_RECHECK_MS).toBe(30_000);
    expect(attentionRecheckMs(true, null)).toBe(TEAM_JOURNAL_RECHECK_MS);
    expect(attentionRecheckMs(true, outage)).toBe(TEAM_JOURNAL_RECHECK_MS);
    expect(attentionRecheckMs(false, outage)).toBe(TEAM_JOURNAL_RECHECK_MS);
    expect(attentionRecheckMs(false, null)).toBe(false);
    expect(attentionRecheckMs(false, new AppFailure({ kind: 'internal', message: 'The journal could not be read.' }))).toBe(false);
    expect(historyRecheckMs(true)).toBe(TEAM_JOURNAL_RECHECK_MS);
    expect(historyRecheckMs(false)).toBe(false);
  });

  /** The interval react-query was given for the query under `key`, once `element` rendered for the active profile. */
  function intervalOf(element: ReactElement, key: readonly unknown[], teamJournal: typeof TEAM | null, seed: (client: QueryClient) => void): unknown {
    let client: QueryClient | undefined;
    staticMarkup(element, (made) => {
      client = made;
      made.setQueryData(PROFILES_KEY, profilesWith(teamJournal));
      seed(made);
    });
    const query = client?.getQueryCache().find({ queryKey: key, exact: true });
    // The observer's options, as react-query keeps them on the query it built.
    const interval = (query?.options as { refetchInterval?: unknown } | undefined)?.refetchInterval;
    return typeof interval === 'function' ? (interval as (q: unknown) => unknown)(query) : interval;
  }

  it('the banner’s query and History’s entries are polled for the active profile’s team journal, and not without one', () => {
    const attentionKey = [...JOURNAL_KEY, 'attention', PROFILE_ID];
    const searchKey = [...JOURNAL_KEY, 'search', PROFILE_ID, { kind: 'payments' }];
    const banner = (team: typeof TEAM | null) => intervalOf(createElement(AttentionBanner), attentionKey, team, (c) => c.setQueryData(attentionKey, { entries: [] }));
    const history = (team: typeof TEAM | null) =>
      intervalOf(createElement(HistoryScreen), searchKey, team, (c) => c.setQueryData(searchKey, { pages: [{ entries: [], unreadable: [] }], pageParams: [0] }));
    expect(banner(TEAM)).toBe(TEAM_JOURNAL_RECHECK_MS);
    expect(banner(null)).toBe(false);
    expect(history(TEAM)).toBe(TEAM_JOURNAL_RECHECK_MS);
    expect(history(null)).toBe(false);
  });
});
