import { useState } from 'react';
import { announce } from '../../components/announce.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { SetAsideList } from '../../components/SetAsideList.tsx';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { TextField } from '../../components/TextField.tsx';
import { appErrorOf } from '../../bridge.ts';
import { PairsTable } from './PairsTable.tsx';
import { refreshWords } from './pairs-words.ts';
import { StalePairs } from './StalePairs.tsx';
import { usePairs, useRefreshPairs } from '../../components/currency/use-pairs.ts';
import './pairs.css';

const PAIR_NOUN = { one: 'pair', many: 'pairs' };

/** The pairs the service exchanges, with their minimums and reference rates (spec 2.5, 4.3). */
export function PairsScreen() {
  const pairs = usePairs();
  const refresh = useRefreshPairs();
  const [filter, setFilter] = useState('');

  const runRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (list) => announce(refreshWords(list)),
      onError: (error) => announce(`Could not refresh the pairs: ${appErrorOf(error).message}`),
    });

  return (
    <section className="screen pairs-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <ScreenHeading>Pairs</ScreenHeading>
        <button type="button" className="button" onClick={runRefresh} disabled={refresh.isPending || pairs.isPending}>
          {refresh.isPending ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {/* Spec 2.5: the list is a reference only and must not be used to price live exchanges. */}
      <p className="pairs-banner" role="note">
        <strong>Reference rates only.</strong> These rates are not used to price exchanges: an exchange is priced by a
        live quote, fixed for 60 seconds on the Live quote screen.
      </p>

      <p className="lead">
        Minimum amounts are in the From currency. A rate reads: <em>Rate from</em> of the From currency is worth{' '}
        <em>Rate to</em> of the To currency.
      </p>

      {pairs.isPending && <Loading what="currency pairs" />}
      {pairs.isError && <ErrorMessage error={appErrorOf(pairs.error)} retry={() => void pairs.refetch()} />}
      {pairs.data && (
        <>
          <div className="pairs-toolbar">
            <TextField
              label="Filter"
              type="search"
              autoComplete="off"
              spellCheck={false}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              hint="A currency code or a type (crypto, fiat); each extra word narrows further, e.g. “btc eur”."
            />
            <p className="pairs-fetched" data-testid="pairs-fetched">
              Fetched <DateTime value={pairs.data.fetchedAt} />
            </p>
          </div>
          {refresh.isError && <ErrorMessage error={appErrorOf(refresh.error)} retry={runRefresh} />}
          {pairs.data.staleBecause && (
            <StalePairs error={pairs.data.staleBecause} fetchedAt={pairs.data.fetchedAt} retry={runRefresh} retrying={refresh.isPending} />
          )}
          <SetAsideList unreadable={pairs.data.unreadable} noun={PAIR_NOUN}>
            Every other pair is shown exactly as the service sent it.
          </SetAsideList>
          <PairsTable pairs={pairs.data.pairs} filter={filter} onClearFilter={() => setFilter('')} />
        </>
      )}
    </section>
  );
}
