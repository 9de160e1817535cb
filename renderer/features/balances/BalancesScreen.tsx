import { FormattedMessage, useIntl } from 'react-intl';
import { announce } from '../../components/announce.ts';
import { useBalances } from '../../components/balances/use-balances.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { SetAsideList } from '../../components/SetAsideList.tsx';
import { Empty, ErrorMessage, Loading } from '../../components/States.tsx';
import { useActiveProfile } from '../../components/use-profiles.ts';
import { appErrorOf } from '../../bridge.ts';
import { balanceNoun, refreshWords } from './balance-words.ts';
import { BalancesTable } from './BalancesTable.tsx';
import './balances.css';

/**
 * Balances (accounts/list, docs/service-interface.md): what the merchant holds in every currency
 * before staff exchange or invoice, as the service reports it, with when it was fetched. A refresh
 * that fails keeps the last figures on screen, marked with their time and why they are not newer.
 */
export function BalancesScreen() {
  const intl = useIntl();
  const profile = useActiveProfile();
  const balances = useBalances();
  const { data, isFetching } = balances;
  const error = balances.isError ? appErrorOf(balances.error) : null;

  const refresh = () =>
    void balances.refetch().then((result) => {
      if (result.isError) announce(intl.formatMessage({ id: 'balances.refreshFailed' }, { message: appErrorOf(result.error).message }));
      else if (result.data) announce(refreshWords(result.data, intl));
    });

  return (
    <section className="screen balances-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <ScreenHeading>
          <FormattedMessage id="balances.title" />
        </ScreenHeading>
        <button type="button" className="button" onClick={refresh} disabled={isFetching}>
          <FormattedMessage id={isFetching && data ? 'balances.refreshing' : 'balances.refresh'} />
        </button>
      </div>
      <p className="lead">
        {profile ? (
          <FormattedMessage id="balances.lead.profile" values={{ profile: profile.name, strong: (chunks) => <strong>{chunks}</strong> }} />
        ) : (
          <FormattedMessage id="balances.lead.noProfile" />
        )}
      </p>

      {balances.isPending && <Loading what={intl.formatMessage({ id: 'balances.loading' })} />}
      {error && !data && <ErrorMessage error={error} retry={refresh} />}
      {data && (
        <>
          <p className="balances-fetched" data-testid="balances-fetched" data-fetched-at={data.fetchedAt}>
            <FormattedMessage id="balances.fetched" values={{ time: <DateTime value={data.fetchedAt} /> }} />
          </p>
          {error && (
            <div className="state state-error" role="alert" data-testid="balances-stale">
              <p>
                <FormattedMessage id="balances.refreshFailed" values={{ message: error.message }} />
              </p>
              <p>
                <FormattedMessage id="balances.staleAt" values={{ time: <DateTime value={data.fetchedAt} /> }} />
              </p>
              <button type="button" className="button" onClick={refresh} disabled={isFetching}>
                <FormattedMessage id="common.retry" />
              </button>
            </div>
          )}
          <SetAsideList unreadable={data.unreadable} noun={balanceNoun(intl)}>
            <FormattedMessage id="balances.setAside.explain" />
          </SetAsideList>
          {data.balances.length === 0 ? (
            <Empty>
              <FormattedMessage id={data.unreadable.length === 0 ? 'balances.empty' : 'balances.noneRead'} />
            </Empty>
          ) : (
            <BalancesTable balances={data.balances} />
          )}
        </>
      )}
    </section>
  );
}
