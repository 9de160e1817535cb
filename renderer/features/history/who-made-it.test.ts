import type { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { english } from '../../testing/intl.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import type { ProfileList } from '../../../shared/ipc/profile.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { PROFILES_KEY } from '../../components/use-profiles.ts';
import { controlLabelled, readableText, staticMarkup } from '../../testing/static-markup.ts';
import { AttentionBanner, AttentionNotice } from './AttentionBanner.tsx';
import { EntryDialog } from './EntryDialog.tsx';
import { HistoryScreen } from './HistoryScreen.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { JournalFailure } from './JournalUnavailable.tsx';
import { personChoices, personOn } from './person-words.ts';
import { JOURNAL_KEY } from './use-journal.ts';

// Who made each entry and who resolved it, as React renders History, an entry's detail
// and the attention banner for given answers from main; and the team journal's outage, said plainly.

const PROFILE_ID = 'local-sandbox';
const profiles = {
  profiles: [{ id: PROFILE_ID, name: 'Local sandbox', baseUrl: 'http://127.0.0.1:8787/api/v2', kind: 'local-sandbox', keyHint: null, hasSecret: true, credentialsBaseUrl: null }],
  activeId: PROFILE_ID,
} as unknown as ProfileList;

const ana = journalEntryOf({ id: 3, operation: 'invoices.create', foreignId: 'inv-ana', madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01' });
const unnamed = journalEntryOf({ id: 2, operation: 'invoices.create', foreignId: 'inv-unnamed', madeOn: 'FINANCE-01' });
const older = journalEntryOf({ id: 1, operation: 'invoices.create', foreignId: 'inv-older' });
/** A team journal's entry: the database login that wrote it, beside the name the desktop claims. */
const onTeam = journalEntryOf({ id: 4, operation: 'invoices.create', foreignId: 'inv-team', madeBy: 'Ana Ruiz', madeOn: 'ana-laptop', madeLogin: 'ana' });

const unavailable: AppError = {
  kind: 'journal_unavailable',
  message: 'The team journal at db.example.com:5432/finance cannot be reached: the connection was refused. Lookups still work.',
};

/** The text as the page reads it: readableText leaves a space where an element ends, the page none before a comma. */
const asRead = (html: string) => readableText(html).replace(/ ([,.])/g, '$1');

const withProfile = (seed: (client: QueryClient) => void) => (client: QueryClient) => {
  client.setQueryData(PROFILES_KEY, profiles);
  seed(client);
};

describe('who made an entry, in words', () => {
  it('is the name on the computer; "name not set" before it was set, a dash where nobody was recorded, never a guess', () => {
    expect(personOn(english, 'Ana Ruiz', 'FINANCE-01', null)).toBe('Ana Ruiz on FINANCE-01');
    expect(personOn(english, null, 'FINANCE-01', null)).toBe('name not set, on FINANCE-01');
    expect(personOn(english, null, null, null)).toBe('—');
  });

  it('on a team journal, names the login the database recorded beside the name the desktop gave', () => {
    expect(personOn(english, 'Ana Ruiz', 'ana-laptop', 'ana')).toBe('Ana Ruiz (login ana) on ana-laptop');
    expect(personOn(english, null, 'ana-laptop', 'ana')).toBe('login ana on ana-laptop');
    expect(personOn(english, 'Ana Ruiz', null, 'ana')).toBe('Ana Ruiz (login ana)');
  });

  it('offers the journal’s names in order, and keeps the chosen one even when the journal no longer lists it', () => {
    expect(personChoices(['Ben Okafor', 'Ana Ruiz'], '')).toEqual(['Ana Ruiz', 'Ben Okafor']);
    expect(personChoices(['Ana Ruiz'], 'Cleo Park')).toEqual(['Ana Ruiz', 'Cleo Park']);
    expect(personChoices([], 'Ana Ruiz')).toEqual(['Ana Ruiz']);
  });
});

describe('History’s Made by line', () => {
  const html = staticMarkup(createElement(HistoryTable, { entries: [onTeam, ana, unnamed, older], outcomes: new Map(), onOpen: () => undefined }));
  const madeBy = [...html.matchAll(/<td class="history-made-by" data-column="made-by">(.*?)<\/td>/g)].map((match) => readableText(match[1] ?? ''));

  it('names the person, the team journal’s login where there is one, and the computer of each row, and a dash for entries made before a name was set or recorded', () => {
    expect(html).toContain('<th scope="col">Made by</th>');
    expect(madeBy).toEqual(['Ana Ruiz (login ana) on ana-laptop', 'Ana Ruiz on FINANCE-01', 'name not set, on FINANCE-01', '—']);
  });
});

describe('an entry’s detail', () => {
  const detail = (entry: typeof ana) => readableText(staticMarkup(createElement(EntryDialog, { entry, outcomes: { byEntry: new Map(), source: null }, onClose: () => undefined, onChange: () => undefined })));

  it('says who made it, and why an entry names nobody', () => {
    expect(detail(ana)).toContain('Made by Ana Ruiz on FINANCE-01');
    expect(detail(unnamed)).toContain('Made by name not set, on FINANCE-01 (made before a display name was set)');
    expect(detail(older)).toContain('Made by — (not recorded: made before the console recorded who made entries)');
  });

  it('says who resolved an unknown outcome, on which computer and when', () => {
    const resolved = { ...ana, state: 'succeeded' as const, message: 'Resolved by hand: in the back office', resolvedBy: 'Ben Okafor', resolvedOn: 'FINANCE-02', resolvedAt: '2026-03-05T09:10:11.012Z' };
    expect(detail(resolved)).toContain('Resolved by Ben Okafor on FINANCE-02 at 2026-03-05 09:10:11 UTC');
    expect(detail(ana)).not.toContain('Resolved by');
  });

  it('on a team journal, names the logins that made and resolved it beside the names', () => {
    const resolved = { ...onTeam, state: 'succeeded' as const, resolvedBy: 'Ben Okafor', resolvedOn: 'ben-desktop', resolvedLogin: 'ben', resolvedAt: '2026-03-05T09:10:11.012Z' };
    expect(detail(resolved)).toContain('Made by Ana Ruiz (login ana) on ana-laptop');
    expect(detail(resolved)).toContain('Resolved by Ben Okafor (login ben) on ben-desktop at 2026-03-05 09:10:11 UTC');
  });
});

describe('the attention banner', () => {
  const banner = (seed: (client: QueryClient) => void) => staticMarkup(createElement(AttentionBanner), withProfile(seed));

  it('names who made each unknown outcome and where, so that whoever sees it knows whom to ask', () => {
    const entries = [{ ...ana, state: 'unknown' as const }, { ...unnamed, state: 'unknown' as const }, { ...older, state: 'unknown' as const }];
    const text = asRead(banner((client) => client.setQueryData([...JOURNAL_KEY, 'attention', PROFILE_ID], { entries })));
    expect(text).toContain('3 operations need a check: the outcome is unknown for inv-ana (made by Ana Ruiz on FINANCE-01), inv-unnamed (made on FINANCE-01), inv-older.');
  });

  // An errored query cannot be seeded for a static render (react-query fetches again on mount),
  // so the failures go to the banner's view directly; the e2e suite sees them through main.
  const notice = (error: AppError) => staticMarkup(createElement(AttentionNotice, { entries: [], error, now: 0 }));

  it('says the team journal cannot be reached, and why, instead of seeming to have nothing to check', () => {
    const html = notice(unavailable);
    expect(readableText(html)).toBe(`The team journal cannot be reached: operations that need a check cannot be listed until it is back. ${unavailable.message}`);
    expect(html).toContain('role="status"');
  });

  it('says any other failure too: a banner showing nothing would read as nothing to check', () => {
    expect(readableText(notice({ kind: 'internal', message: 'The journal could not be read.' }))).toContain('Operations that need a check cannot be listed');
  });
});

describe('the History screen', () => {
  // History opens on the payments.
  const searchKey = [...JOURNAL_KEY, 'search', PROFILE_ID, { kind: 'payments' }];
  const screen = (seed: (client: QueryClient) => void) => staticMarkup(createElement(HistoryScreen), withProfile(seed));

  it('filters by person: Everyone first, then each name that made an entry', () => {
    const html = screen((client) => {
      client.setQueryData(searchKey, { pages: [{ entries: [ana], unreadable: [] }], pageParams: [0] });
      client.setQueryData([...JOURNAL_KEY, 'people', PROFILE_ID], { people: ['Ben Okafor', 'Ana Ruiz'] });
    });
    expect(controlLabelled(html, 'Person')).toMatch(/^<select /);
    const options = /<select[^>]*name="madeBy"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '';
    expect([...options.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => [match[1], match[2]])).toEqual([
      ['', 'Everyone'],
      ['Ana Ruiz', 'Ana Ruiz'],
      ['Ben Okafor', 'Ben Okafor'],
    ]);
  });

  it('says whose entries it shows: this computer’s, or every computer’s of the profile’s team journal', () => {
    const lead = (html: string) => asRead(/<p class="lead"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? '');
    const alone = screen((client) => client.setQueryData(searchKey, { pages: [{ entries: [], unreadable: [] }], pageParams: [0] }));
    expect(lead(alone)).toContain('made with Local sandbox on this computer, who made it');
    const team = { host: 'db.example.com', port: 5432, database: 'finance', user: 'console', caFile: null };
    const shared = staticMarkup(createElement(HistoryScreen), (client) => {
      client.setQueryData(PROFILES_KEY, { ...profiles, profiles: profiles.profiles.map((p) => ({ ...p, teamJournal: team })) });
      client.setQueryData(searchKey, { pages: [{ entries: [], unreadable: [] }], pageParams: [0] });
    });
    expect(lead(shared)).toContain('made with Local sandbox on every computer of its team journal, finance on db.example.com, who made it');
  });

  const failure = (error: AppError) => staticMarkup(createElement(JournalFailure, { error, retry: () => undefined, retrying: false }));

  it('shows a team journal that cannot be reached as a notice with the reason and Try again, not as an error', () => {
    const html = failure(unavailable);
    expect(readableText(html)).toBe(`The team journal cannot be reached. ${unavailable.message} History shows the team's one record, so it is shown again when the journal is back. Try again`);
    expect(html).toMatch(/^<div class="notice journal-unavailable" role="status"/);
    expect(html).not.toContain('role="alert"');
  });

  it('keeps the error state, with Try again, for any other failure', () => {
    const html = failure({ kind: 'internal', message: 'The journal could not be read.' });
    expect(html).toMatch(/^<div class="state state-error" role="alert"><p>The journal could not be read.<\/p><button[^>]*>Try again<\/button>/);
  });
});
