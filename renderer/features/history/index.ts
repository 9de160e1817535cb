import { lazyScreen } from '../../components/lazy-screen.ts';

/**
 * The history feature's one public entry: what app/ needs of it. The attention banner shows on
 * every screen, so it is in the initial bundle; the History screen loads when first opened.
 */
export { AttentionBanner } from './AttentionBanner.tsx';
export { FailedInvoicesBanner } from './FailedInvoicesBanner.tsx';
export const HistoryScreen = lazyScreen(() => import('./HistoryScreen.tsx'), 'HistoryScreen');
