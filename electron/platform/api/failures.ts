import { AppFailure } from '../../../shared/ipc/errors.ts';
import { seconds } from './seconds.ts';
import type { ServiceCall } from './service-call.ts';

/**
 * Builders of the AppFailures the client throws. Messages are written here, in plain words, from
 * facts the code knows (codes, statuses, field paths); text that came from the service passes
 * through `cleanServiceText` first. Keys and secrets are never put into a message.
 */

export type ExchangeStage = 'before_send' | 'after_send';

/** The proxy a request went through, and whether it, rather than the service, failed. */
export interface ProxyHop {
  /** host:port as the system named it. */
  address: string;
  /** The proxy could not be reached, or refused the tunnel: nothing reached the service. */
  failed: boolean;
  /** Its answer to CONNECT when it refused (403, 407, 502, ...). */
  status: number | undefined;
}
export type ExchangeReason = 'connect_timeout' | 'response_timeout' | 'network' | 'too_large';

/** A low-level failure; turned into an AppFailure by the transport, which knows the call. */
export class ExchangeFailure extends Error {
  readonly stage: ExchangeStage;
  readonly reason: ExchangeReason;
  /** Node's error code (ECONNREFUSED, ENOTFOUND, ECONNRESET, ...) when there is one. */
  readonly code: string | undefined;
  /** A reused pooled connection broke before any byte of the answer: the server had closed it. */
  readonly staleConnection: boolean;
  /** Set when the request went through a proxy. */
  readonly proxy: ProxyHop | undefined;
  constructor(stage: ExchangeStage, reason: ExchangeReason, code?: string, staleConnection = false, proxy?: ProxyHop) {
    super(`${reason} ${stage}${code ? ` (${code})` : ''}`);
    this.name = 'ExchangeFailure';
    this.stage = stage;
    this.reason = reason;
    this.code = code;
    this.staleConnection = staleConnection;
    this.proxy = proxy;
  }
}

/** Removes credentials from text that may have come back from elsewhere, and trims it. */
export function makeRedactor(secrets: readonly string[]): (text: string) => string {
  const needles = secrets.filter((secret) => secret.length > 0);
  return (text) => needles.reduce((result, needle) => result.split(needle).join('[hidden]'), text);
}

/** A service message fit for a screen: one line, at most 300 characters, no markup. */
export function cleanServiceText(value: unknown, redact: (text: string) => string): string | null {
  if (typeof value !== 'string') return null;
  const line = redact(value).replace(/\s+/g, ' ').trim();
  if (line === '' || /<[a-z!/]/i.test(line)) return null;
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/** Where a company inspects TLS, its root must be in the OS's store, which the console trusts (network/trust.ts). */
const INSPECTION_HINT = ' (a network that inspects TLS needs its root certificate in the system\'s certificate store)';

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is the service running at this address?)',
  ENOTFOUND: 'the host name could not be found',
  EAI_AGAIN: 'the host name could not be looked up (check the network)',
  ECONNRESET: 'the connection was closed before the answer was complete',
  EPIPE: 'the connection was closed while the request was being sent',
  ETIMEDOUT: 'the network did not answer',
  EHOSTUNREACH: 'the host cannot be reached from this network',
  ENETUNREACH: 'the network is unreachable',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate does not belong to this host',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: `the TLS certificate was issued by an authority this computer does not trust${INSPECTION_HINT}`,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: `the TLS certificate was issued by an authority this computer does not trust${INSPECTION_HINT}`,
  SELF_SIGNED_CERT_IN_CHAIN: `the TLS certificate chains to a root certificate this computer does not trust${INSPECTION_HINT}`,
};

function describeHost(url: URL, failure: ExchangeFailure): string {
  return failure.proxy ? `${url.host} (through the proxy ${failure.proxy.address})` : url.host;
}

/** What the proxy itself did, when it (not the service) failed: nothing reached the service. */
function proxyWords(url: URL, proxy: ProxyHop, code: string | undefined): string {
  if (proxy.status === 407) return `the proxy ${proxy.address} asks for a sign-in (HTTP 407), which the console cannot give: ask your IT department to let it through`;
  if (proxy.status !== undefined) return `the proxy ${proxy.address} refused to open a connection to ${url.host} (HTTP ${proxy.status})`;
  // NETWORK_WORDS' refusal asks whether the service runs there; here it is the proxy that refused.
  const why = code === 'ECONNREFUSED' ? 'the connection was refused' : (NETWORK_WORDS[code ?? ''] ?? `the connection failed (${code ?? 'unknown'})`);
  return `the proxy ${proxy.address} set in this computer's network settings could not be reached: ${why}`;
}

/** A failure of the HTTP exchange itself, for a call whose outcome cannot matter (not money-moving). */
export function transportFailure(failure: ExchangeFailure, url: URL, timeouts: { connectMs: number; responseMs: number }): AppFailure {
  const host = describeHost(url, failure);
  if (failure.reason === 'connect_timeout') {
    return new AppFailure({ kind: 'timeout', message: `The service at ${host} did not accept a connection within ${seconds(timeouts.connectMs)}.` });
  }
  if (failure.reason === 'response_timeout') {
    return new AppFailure({ kind: 'timeout', message: `The service at ${host} did not answer within ${seconds(timeouts.responseMs)}.` });
  }
  if (failure.reason === 'too_large') {
    return new AppFailure({ kind: 'unexpected_response', message: `The answer from ${host} is far too large to be the service's.`, field: '(body)', status: 0 });
  }
  if (failure.proxy?.failed) {
    return new AppFailure({ kind: 'network', message: `Could not talk to the service at ${url.host}: ${proxyWords(url, failure.proxy, failure.code)}.` });
  }
  const code = failure.code ?? 'unknown';
  const words = NETWORK_WORDS[code] ?? `the connection failed (${code})`;
  return new AppFailure({ kind: 'network', message: `Could not talk to the service at ${host}: ${words}.` });
}

/** The request may have reached the service, and no usable answer came back (docs/service-interface.md, "Lost responses"). */
export function outcomeUnknown(call: ServiceCall & { foreignId: string }, what: string): AppFailure {
  return new AppFailure({
    kind: 'outcome_unknown',
    foreignId: call.foreignId,
    message:
      `The request to ${call.action} (foreign id ${call.foreignId}) may have reached the service, but ${what}. ` +
      'It may or may not have been carried out. Do not send it again blindly: check its state in the back office ' +
      'or look it up by its foreign id first.',
  });
}

/** What went wrong with an exchange, as the tail of an outcome_unknown message. */
export function lostAnswerWords(failure: ExchangeFailure, responseMs: number): string {
  if (failure.reason === 'response_timeout') return `no answer came within ${seconds(responseMs)}`;
  if (failure.reason === 'too_large') return 'its answer was far too large to read';
  const code = failure.code ?? 'unknown';
  return `the answer was lost: ${NETWORK_WORDS[code] ?? `the connection failed (${code})`}`;
}

/** A 2xx or error body that does not fit the schema, or is not JSON. */
export function unreadableAnswer(call: ServiceCall, status: number, field: string, problem: string): AppFailure {
  if (call.foreignId !== undefined) {
    return outcomeUnknown(
      { ...call, foreignId: call.foreignId },
      `its answer (HTTP ${status}) could not be read (${field === '(body)' ? 'the body' : `the field ${field}`}: ${problem})`,
    );
  }
  const where = field === '(body)' ? 'the answer is not JSON the console can read' : `the field "${field}" does not fit (${problem})`;
  return new AppFailure({
    kind: 'unexpected_response',
    field,
    status,
    message: `The service answered (HTTP ${status}) in a shape the console does not know: ${where}.`,
  });
}
