import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { InvoicesScreen } from '../features/invoices/InvoicesScreen.tsx';
import { ProfilesScreen } from '../features/profiles/ProfilesScreen.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import type { ScreenId } from '../navigation/screens.ts';
import { SCREENS, useNavigation } from '../navigation/screens.ts';
import { Loading } from '../components/States.tsx';

/**
 * The first screen (New invoice) and Profiles (small, and where a person goes when the profiles
 * cannot be read: it must share the header's query, not load after it) are in the initial bundle;
 * every other screen is its own chunk, fetched from the app's own files (script-src 'self') when it
 * is first opened, so that its code and the libraries only it uses (TanStack Table and Virtual for
 * the pairs, for example) stay out of the cold start. docs/benchmarks.md has the sizes.
 */
const lazyScreen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const SCREEN_COMPONENTS: Record<ScreenId, ComponentType> = {
  invoices: InvoicesScreen,
  quote: lazyScreen(() => import('../features/quote/QuoteScreen.tsx'), 'QuoteScreen'),
  pairs: lazyScreen(() => import('../features/pairs/PairsScreen.tsx'), 'PairsScreen'),
  transactions: lazyScreen(() => import('../features/transactions/TransactionsScreen.tsx'), 'TransactionsScreen'),
  history: lazyScreen(() => import('../features/history/HistoryScreen.tsx'), 'HistoryScreen'),
  profiles: ProfilesScreen,
};

const labelOf = (screen: ScreenId): string => SCREENS.find((s) => s.id === screen)?.label ?? screen;

/** The open screen, in its own error boundary (keyed, so moving away and back resets it). */
export function Screen() {
  const screen = useNavigation((s) => s.screen);
  const Component = SCREEN_COMPONENTS[screen];
  return (
    <main className="content" id="main">
      <ErrorBoundary key={screen} place="this screen">
        {/* A chunk that cannot be loaded (a broken install) ends in the error boundary. */}
        <Suspense fallback={<Loading what={`the ${labelOf(screen)} screen`} />}>
          <Component />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}
