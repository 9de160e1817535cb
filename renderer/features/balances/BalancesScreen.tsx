import { announce } from '../../components/announce.ts';
import { useBalances } from '../../components/balances/use-balances.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { SetAsideList } from '../../components/SetAsideList.tsx';
import { Empty, ErrorMessage, Loading } from '../../components/States.tsx';
import { useActiveProfile } from '../../components/use-profiles.ts';
import { appErrorOf } from '../../bridge.ts';
import { BALANCE_NOUN, refreshWords } from './balance-words.ts';
import { BalancesTable } from './BalancesTable.tsx';
import './balances.css';

/**
 * Balances (accounts/list, docs/service-interface.md): what the merchant holds in every currency
 * before staff exchange or invoice, as the service reports it, with when it was fetched. A refresh
 * that fails keeps the last figures on screen, marked with their time and why they are not newer.
 */
export function BalancesScreen() {
  const profile = useActiveProfile();
  const balances = useBalances();
  const { data, isFetching } = balances;
  const error = balances.isError ? appErrorOf(balances.error) : null;

  const refresh = () =>
    void balances.refetch().then((result) => {
      if (result.isError) announce(`Could not refresh the balances: ${appErrorOf(result.error).message}`);
      else if (result.data) announce(refreshWords(result.data));
    });

  return (
    <section className="screen balances-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <ScreenHeading>Balances</ScreenHeading>
        <button type="button" className="button" onClick={refresh} disabled={isFetching}>
          {isFetching && data ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="lead">
        What {profile ? <strong>{profile.name}</strong> : 'the active profile'} holds in each currency, as the service
        reports it, zero balances included. The service decides whether an exchange or a withdrawal is covered; these
        figures are for checking first.
      </p>

      {balances.isPending && <Loading what="balances" />}
      {error && !data && <ErrorMessage error={error} retry={refresh} />}
      {data && (
        <>
          <p className="balances-fetched" data-testid="balances-fetched" data-fetched-at={data.fetchedAt}>
            Fetched <DateTime value={data.fetchedAt} />
          </p>
          {error && (
            <div className="state state-error" role="alert" data-testid="balances-stale">
              <p>Could not refresh the balances: {error.message}</p>
              <p>
                The figures below are the last ones fetched, at <DateTime value={data.fetchedAt} />.
              </p>
              <button type="button" className="button" onClick={refresh} disabled={isFetching}>
                Try again
              </button>
            </div>
          )}
          <SetAsideList unreadable={data.unreadable} noun={BALANCE_NOUN}>
            Every other balance is shown exactly as the service sent it.
          </SetAsideList>
          {data.balances.length === 0 ? (
            <Empty>{data.unreadable.length === 0 ? 'The service lists no balances for this profile.' : 'No balance could be read.'}</Empty>
          ) : (
            <BalancesTable balances={data.balances} />
          )}
        </>
      )}
    </section>
  );
}
