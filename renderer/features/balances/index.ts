import { lazyScreen } from '../../components/lazy-screen.ts';

/** The balances feature's one public entry: what app/ needs of it, loaded when first opened. */
export const BalancesScreen = lazyScreen(() => import('./BalancesScreen.tsx'), 'BalancesScreen');
