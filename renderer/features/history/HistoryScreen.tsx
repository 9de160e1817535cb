import type { ReactNode } from 'react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { Empty, FailureAlert, Loading } from '../../components/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import { SPACE } from '../../components/locale.ts';
import { useActiveProfile, useProfiles } from '../../components/use-profiles.ts';
import { EntryDialog } from './EntryDialog.tsx';
import { ExportCsv } from './ExportCsv.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { useHistorySearch } from './history-search.ts';
import { SearchForm } from './SearchForm.tsx';
import { UnreadableEntries } from './UnreadableEntries.tsx';
import { JournalFailure } from './JournalUnavailable.tsx';
import { isFiltered, shownKind } from './search-form-schema.ts';
import { useJournalPeople, useJournalSearch, useReloadJournal } from './use-journal.ts';
import { useOutcomes } from './use-outcomes.ts';
import './history.css';

const mono = (chunks: ReactNode[]) => <span className="mono">{chunks}</span>;

/**
 * History: the clerk's record of the active profile's payments (invoices, fixed exchanges, deposit
 * addresses: the service cannot list them), each with what became of it in words; the lookups kept
 * for disputes are one choice away (Show). Searchable (by a transaction hash a lookup saw, too),
 * with each entry in full, how the service answered, and what to do next.
 */
export function HistoryScreen() {
  const intl = useIntl();
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
      return profiles.isPending ? (
        <Loading what={intl.formatMessage({ id: 'history.loading' })} />
      ) : (
        <Empty>
          <FormattedMessage id="history.noProfile" />
        </Empty>
      );
    }
    if (journal.isPending) return <Loading what={intl.formatMessage({ id: 'history.loading' })} />;
    if (journal.isError && !journal.isFetchNextPageError) {
      return <JournalFailure error={appErrorOf(journal.error)} retry={() => void reload()} retrying={journal.isRefetching} />;
    }
    if (entries.length === 0 && unreadable.length === 0) {
      const kind = shownKind(query);
      return (
        <Empty>
          {isFiltered(query) ? <FormattedMessage id="history.noMatch" /> : <FormattedMessage id="history.nothingYet" values={{ kind }} />}
          {kind !== 'everything' && (
            <>
              {SPACE}
              <button type="button" className="button" onClick={() => showKind('everything')}>
                <FormattedMessage id="history.showEverything" />
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
            <FormattedMessage id="history.count" values={{ count: entries.length, kind: shownKind(query), more: journal.hasNextPage ? 'yes' : 'no' }} />
          </p>
          <ExportCsv query={query} />
        </div>
        <UnreadableEntries unreadable={unreadable} />
        <HistoryTable entries={entries} outcomes={outcomes.byEntry} onOpen={setOpen} />
        {journal.isFetchNextPageError && <FailureAlert error={journal.error} />}
        {journal.hasNextPage && (
          <button type="button" className="button history-more" disabled={journal.isFetchingNextPage} onClick={() => void journal.fetchNextPage()}>
            <FormattedMessage id={journal.isFetchingNextPage ? 'history.loadingMore' : 'history.loadMore'} />
          </button>
        )}
      </>
    );
  };

  return (
    <section className="screen history-screen" aria-labelledby="screen-title">
      <ScreenHeading>
        <FormattedMessage id="history.title" />
      </ScreenHeading>
      <p className="lead" data-testid="history-lead">
        <FormattedMessage
          id={team ? 'history.lead.team' : 'history.lead.local'}
          values={{
            profile: profile ? <strong>{profile.name}</strong> : intl.formatMessage({ id: 'history.lead.activeProfile' }),
            database: team?.database ?? '',
            host: team?.host ?? '',
            mono,
          }}
        />
      </p>
      <SearchForm key={formKey} initial={values} people={people.data?.people ?? []} onSearch={search} />
      {body()}
      <EntryDialog entry={open} outcomes={outcomes} onClose={() => setOpen(null)} onChange={setOpen} />
    </section>
  );
}
