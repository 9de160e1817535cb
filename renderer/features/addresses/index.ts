import { lazyScreen } from '../../components/lazy-screen.ts';

/** The deposit addresses feature's one public entry: what app/ needs of it, loaded when first opened. */
export const AddressesScreen = lazyScreen(() => import('./AddressesScreen.tsx'), 'AddressesScreen');
