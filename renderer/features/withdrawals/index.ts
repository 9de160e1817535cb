import { lazyScreen } from '../../components/lazy-screen.ts';

/** The withdrawals feature's one public entry: what app/ needs of it, loaded when first opened. */
export const WithdrawalsScreen = lazyScreen(() => import('./WithdrawalsScreen.tsx'), 'WithdrawalsScreen');
