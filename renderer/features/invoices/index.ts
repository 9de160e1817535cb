/** The invoices feature's one public entry: what app/ needs of it. New invoice is the first screen, so it is in the initial bundle. */
export { InvoicesScreen } from './InvoicesScreen.tsx';
