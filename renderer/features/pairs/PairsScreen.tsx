import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce } from '../../components/announce.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { SetAsideList } from '../../components/SetAsideList.tsx';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { TextField } from '../../components/TextField.tsx';
import { appErrorOf } from '../../bridge.ts';
import { PairsTable } from './PairsTable.tsx';
import { pairNoun, refreshWords } from './pairs-words.ts';
import { StalePairs } from './StalePairs.tsx';
import { usePairs, useRefreshPairs } from '../../components/currency/use-pairs.ts';
import './pairs.css';

/** The pairs the service exchanges, with their minimums and reference rates (spec 2.5, 4.3). */
export function PairsScreen() {
  const intl = useIntl();
  const pairs = usePairs();
  const refresh = useRefreshPairs();
  const [filter, setFilter] = useState('');

  const runRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (list) => announce(refreshWords(list, intl)),
      onError: (error) => announce(intl.formatMessage({ id: 'pairs.refreshFailed' }, { message: appErrorOf(error).message })),
    });

  return (
    <section className="screen pairs-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <ScreenHeading>
          <FormattedMessage id="pairs.title" />
        </ScreenHeading>
        <button type="button" className="button" onClick={runRefresh} disabled={refresh.isPending || pairs.isPending}>
          <FormattedMessage id={refresh.isPending ? 'pairs.refreshing' : 'pairs.refresh'} />
        </button>
      </div>
      {/* Spec 2.5: the list is a reference only and must not be used to price live exchanges. */}
      <p className="pairs-banner" role="note">
        <FormattedMessage id="pairs.banner" values={{ strong: (chunks) => <strong>{chunks}</strong> }} />
      </p>

      <p className="lead">
        <FormattedMessage id="pairs.lead" values={{ em: (chunks) => <em>{chunks}</em> }} />
      </p>

      {pairs.isPending && <Loading what={intl.formatMessage({ id: 'pairs.loading' })} />}
      {pairs.isError && <ErrorMessage error={appErrorOf(pairs.error)} retry={() => void pairs.refetch()} />}
      {pairs.data && (
        <>
          <div className="pairs-toolbar">
            <TextField
              label={intl.formatMessage({ id: 'pairs.filter' })}
              type="search"
              autoComplete="off"
              spellCheck={false}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              hint={intl.formatMessage({ id: 'pairs.filter.hint' })}
            />
            <p className="pairs-fetched" data-testid="pairs-fetched">
              <FormattedMessage id="pairs.fetched" values={{ time: <DateTime value={pairs.data.fetchedAt} /> }} />
            </p>
          </div>
          {refresh.isError && <ErrorMessage error={appErrorOf(refresh.error)} retry={runRefresh} />}
          {pairs.data.staleBecause && (
            <StalePairs error={pairs.data.staleBecause} fetchedAt={pairs.data.fetchedAt} retry={runRefresh} retrying={refresh.isPending} />
          )}
          <SetAsideList unreadable={pairs.data.unreadable} noun={pairNoun(intl)}>
            <FormattedMessage id="pairs.setAside.explain" />
          </SetAsideList>
          <PairsTable pairs={pairs.data.pairs} filter={filter} onClearFilter={() => setFilter('')} />
        </>
      )}
    </section>
  );
}
