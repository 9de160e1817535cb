import { lazyScreen } from '../../components/lazy-screen.ts';

/** The transactions feature's one public entry: what app/ needs of it, loaded when first opened. */
export const TransactionsScreen = lazyScreen(() => import('./TransactionsScreen.tsx'), 'TransactionsScreen');
