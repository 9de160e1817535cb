import { lazyScreen } from '../../components/lazy-screen.ts';

/** The pairs feature's one public entry: what app/ needs of it, loaded when first opened. */
export const PairsScreen = lazyScreen(() => import('./PairsScreen.tsx'), 'PairsScreen');
