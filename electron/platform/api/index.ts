export { createProcessingClient } from './client.ts';
export type { ProcessingClient, ProcessingClientOptions } from './client.ts';
export type { ResolveProxy } from './network/route.ts';
export { ignoreCertificateStoreVariables } from './network/trust.ts';
export { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_RESPONSE_TIMEOUT_MS } from './transport.ts';
export { RATE_LIMIT_PAUSE_MS } from './error-replies.ts';
export { newReceipt, signBody } from './transport.ts';
export type { CallReceipt, ParsedAnswer } from './service-call.ts';
export { trustedContext, trustedContextWith } from './network/trust.ts';
