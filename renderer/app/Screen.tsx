import { HistoryScreen } from '../features/history/HistoryScreen.tsx';
import { InvoicesScreen } from '../features/invoices/InvoicesScreen.tsx';
import { PairsScreen } from '../features/pairs/PairsScreen.tsx';
import { ProfilesScreen } from '../features/profiles/ProfilesScreen.tsx';
import { QuoteScreen } from '../features/quote/QuoteScreen.tsx';
import { TransactionsScreen } from '../features/transactions/TransactionsScreen.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import type { ScreenId } from './screens.ts';
import { useNavigation } from './screens.ts';

const SCREEN_COMPONENTS: Record<ScreenId, () => React.JSX.Element> = {
  invoices: InvoicesScreen,
  quote: QuoteScreen,
  pairs: PairsScreen,
  transactions: TransactionsScreen,
  history: HistoryScreen,
  profiles: ProfilesScreen,
};

/** The open screen, in its own error boundary (keyed, so moving away and back resets it). */
export function Screen() {
  const screen = useNavigation((s) => s.screen);
  const Component = SCREEN_COMPONENTS[screen];
  return (
    <main className="content" id="main">
      <ErrorBoundary key={screen} place="this screen">
        <Component />
      </ErrorBoundary>
    </main>
  );
}
