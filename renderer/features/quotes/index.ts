import { lazyScreen } from '../../components/lazy-screen.ts';

/**
 * The quote feature's one public entry: what app/ needs of it, loaded when first opened. The
 * fixed-rate exchange lives inside it (exchange/): an exchange is only ever placed at a live quote,
 * from this screen, which keeps its outcome, so it is one capability rather than two composed by app/.
 */
export const QuoteScreen = lazyScreen(() => import('./QuoteScreen.tsx'), 'QuoteScreen');
