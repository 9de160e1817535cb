/** The way into this folder: other code imports what it needs from here, never past it. */
export { invoiceHandlers } from './invoice-handlers.ts';
export { createPaymentPages } from './payment-pages.ts';
export type { OpenExternal } from './payment-pages.ts';
