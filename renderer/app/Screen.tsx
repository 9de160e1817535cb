import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { ComponentType } from 'react';
import { AddressesScreen } from '../features/addresses/index.ts';
import { BalancesScreen } from '../features/balances/index.ts';
import { HistoryScreen } from '../features/history/index.ts';
import { InvoicesScreen } from '../features/invoices/index.ts';
import { PairsScreen } from '../features/pairs/index.ts';
import { ProfilesScreen } from '../features/profiles/index.ts';
import { QuoteScreen } from '../features/quotes/index.ts';
import { TransactionsScreen } from '../features/transactions/index.ts';
import { WithdrawalsScreen } from '../features/withdrawals/index.ts';
import { Loading } from '../components/States.tsx';
import type { ScreenId } from '../navigation/screens.ts';
import { SCREENS, useNavigation } from '../navigation/screens.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useProfileBoundScreen } from './use-profile-bound-screen.ts';

/**
 * Each feature is reached through its entry (features/<name>/index.ts), never its files. The entry
 * decides what loads with the app: New invoice and Profiles are in the initial bundle, every other
 * screen is its own chunk, loaded when first opened (components/lazy-screen.ts).
 */
const SCREEN_COMPONENTS: Record<ScreenId, ComponentType> = {
  invoices: InvoicesScreen,
  quote: QuoteScreen,
  pairs: PairsScreen,
  transactions: TransactionsScreen,
  history: HistoryScreen,
  profiles: ProfilesScreen,
  balances: BalancesScreen,
  addresses: AddressesScreen,
  withdrawals: WithdrawalsScreen,
};

const labelIdOf = (screen: ScreenId) => SCREENS.find((s) => s.id === screen)?.labelId ?? 'nav.invoices';

/**
 * The open screen, in its own error boundary (keyed, so moving away and back resets it). When another
 * profile becomes active it is taken down for a moment and mounted afresh, without the last profile's state.
 */
export function Screen() {
  const screen = useNavigation((s) => s.screen);
  const switching = useProfileBoundScreen();
  const Component = SCREEN_COMPONENTS[screen];
  const intl = useIntl();
  return (
    <main className="content" id="main">
      {!switching && (
        <ErrorBoundary key={screen} place={intl.formatMessage({ id: 'app.errorBoundary.placeScreen' })}>
          {/* A chunk that cannot be loaded (a broken install) ends in the error boundary. */}
          <Suspense fallback={<Loading what={intl.formatMessage({ id: 'app.screen.loading' }, { screen: intl.formatMessage({ id: labelIdOf(screen) }) })} />}>
            <Component />
          </Suspense>
        </ErrorBoundary>
      )}
    </main>
  );
}
