export { createProcessingClient } from './client.ts';
export type { ProcessingClient, ProcessingClientOptions } from './client.ts';
export type { ResolveProxy } from './network/route.ts';
export { ignoreCertificateStoreVariables } from './network/trust.ts';
export { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_RESPONSE_TIMEOUT_MS } from './transport.ts';
export { RATE_LIMIT_PAUSE_MS } from './error-replies.ts';
export { signBody } from './signature.ts';
export { newReceipt } from './service-call.ts';
export type { CallReceipt } from './service-call.ts';
