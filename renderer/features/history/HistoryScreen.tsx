import { useState } from 'react';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { Empty, FailureAlert, Loading } from '../../components/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import { useActiveProfile, useProfiles } from '../../components/use-profiles.ts';
import { EntryDialog } from './EntryDialog.tsx';
import { ExportCsv } from './ExportCsv.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { useHistorySearch } from './history-search.ts';
import { SearchForm } from './SearchForm.tsx';
import { UnreadableEntries } from './UnreadableEntries.tsx';
import { JournalFailure } from './JournalUnavailable.tsx';
import type { ShowKind } from './search-form-schema.ts';
import { isFiltered, shownKind } from './search-form-schema.ts';
import { useJournalPeople, useJournalSearch, useReloadJournal } from './use-journal.ts';
import { useOutcomes } from './use-outcomes.ts';
import './history.css';

/** What a list of one kind counts, one and many. */
const COUNTED: Record<ShowKind, [string, string]> = { payments: ['payment', 'payments'], lookups: ['lookup', 'lookups'], everything: ['entry', 'entries'] };

/** What a list of one kind says when it has nothing yet. */
const NOTHING_YET: Record<ShowKind, string> = {
  payments: 'No payment recorded yet: no invoice, exchange or deposit address.',
  lookups: 'No lookup recorded yet.',
  everything: 'Nothing recorded yet.',
};

/**
 * History: the clerk's record of the active profile's payments (invoices, fixed exchanges, deposit
 * addresses: the service cannot list them), each with what became of it in words; the lookups kept
 * for disputes are one choice away (Show). Searchable (by a transaction hash a lookup saw, too),
 * with each entry in full, how the service answered, and what to do next.
 */
export function HistoryScreen() {
  const profiles = useProfiles();
  const profile = useActiveProfile();
  const { values, query, formKey, search, showKind } = useHistorySearch();
  const journal = useJournalSearch(query);
  const people = useJournalPeople();
  const reload = useReloadJournal();
  // A team journal holds the whole team's entries; without one, this computer's.
  const team = profile?.teamJournal ?? null;
  const [open, setOpen] = useState<JournalEntry | null>(null);
  const entries = journal.data?.pages.flatMap((page) => page.entries) ?? [];
  const unreadable = journal.data?.pages.flatMap((page) => page.unreadable) ?? [];
  const outcomes = useOutcomes(entries.map((entry) => entry.id));

  const body = () => {
    if (profile === null) {
      return profiles.isPending ? <Loading what="history" /> : <Empty>Choose a profile to see its history.</Empty>;
    }
    if (journal.isPending) return <Loading what="history" />;
    if (journal.isError && !journal.isFetchNextPageError) {
      return <JournalFailure error={appErrorOf(journal.error)} retry={() => void reload()} retrying={journal.isRefetching} />;
    }
    if (entries.length === 0 && unreadable.length === 0) {
      const kind = shownKind(query);
      return (
        <Empty>
          {isFiltered(query) ? 'No entry matches this search.' : NOTHING_YET[kind]}
          {kind !== 'everything' && (
            <>
              {' '}
              <button type="button" className="button" onClick={() => showKind('everything')}>
                Show everything
              </button>
            </>
          )}
        </Empty>
      );
    }
    return (
      <>
        <div className="history-toolbar">
          <p className="history-count" data-testid="history-count">
            {entries.length} {COUNTED[shownKind(query)][entries.length === 1 ? 0 : 1]}, newest first
            {journal.hasNextPage ? '; more below' : ''}
          </p>
          <ExportCsv query={query} />
        </div>
        <UnreadableEntries unreadable={unreadable} />
        <HistoryTable entries={entries} outcomes={outcomes.byEntry} onOpen={setOpen} />
        {journal.isFetchNextPageError && <FailureAlert error={journal.error} />}
        {journal.hasNextPage && (
          <button type="button" className="button history-more" disabled={journal.isFetchingNextPage} onClick={() => void journal.fetchNextPage()}>
            {journal.isFetchingNextPage ? 'Loading more…' : 'Load more'}
          </button>
        )}
      </>
    );
  };

  return (
    <section className="screen history-screen" aria-labelledby="screen-title">
      <ScreenHeading>History</ScreenHeading>
      <p className="lead" data-testid="history-lead">
        Every invoice, fixed exchange and deposit address made with{' '}
        {profile ? <strong>{profile.name}</strong> : 'the active profile'}
        {team ? (
          <>
            {' '}
            on every computer of its team journal, <span className="mono">{team.database}</span> on{' '}
            <span className="mono">{team.host}</span>,
          </>
        ) : (
          ' on this computer,'
        )}{' '}
        who made it and what became of it; the transaction lookups are under Show. What was sent and how the service answered
        are in each entry&apos;s detail. No personal data is kept.
      </p>
      <SearchForm key={formKey} initial={values} people={people.data?.people ?? []} onSearch={search} />
      {body()}
      <EntryDialog entry={open} outcomes={outcomes} onClose={() => setOpen(null)} onChange={setOpen} />
    </section>
  );
}
