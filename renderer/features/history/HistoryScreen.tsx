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
import { isFiltered } from './search-form-schema.ts';
import { useJournalPeople, useJournalSearch, useReloadJournal } from './use-journal.ts';
import { useOutcomes } from './use-outcomes.ts';
import './history.css';

/**
 * History: the console's own journal of the active profile's invoice creations, fixed exchanges,
 * deposit addresses and lookups (the service cannot list them), searchable (by a transaction hash a
 * lookup saw, too), with each entry in full and what to do next.
 */
export function HistoryScreen() {
  const profiles = useProfiles();
  const profile = useActiveProfile();
  const { values, query, formKey, search } = useHistorySearch();
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
      return <Empty>{isFiltered(query) ? 'No entry matches this search.' : 'Nothing recorded yet.'}</Empty>;
    }
    return (
      <>
        <div className="history-toolbar">
          <p className="history-count" data-testid="history-count">
            {entries.length === 1 ? '1 entry' : `${entries.length} entries`}, newest first
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
        Every invoice creation, fixed exchange, deposit address and transaction lookup made with{' '}
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
        as it was sent, as the service answered, and who made it. No personal data is kept.
      </p>
      <SearchForm key={formKey} initial={values} people={people.data?.people ?? []} onSearch={search} />
      {body()}
      <EntryDialog entry={open} outcomes={outcomes} onClose={() => setOpen(null)} onChange={setOpen} />
    </section>
  );
}
