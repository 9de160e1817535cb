import type { Wording } from '../../../shared/i18n/index.ts';
import { worded } from '../../../shared/ipc/errors.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';
import { seconds } from './seconds.ts';
import type { ServiceCall } from './service-call.ts';

/**
 * Builders of the AppFailures the client throws. Messages are catalogue messages (main.platform.api.*)
 * filled from facts the code knows (codes, statuses, field paths), English for the log and the
 * journal, said again in the window's language by the router; text that came from the service passes
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

/** Why a connection failed, by Node's code: the catalogue's select over the codes it knows (main.platform.api.why). */
const why = (code: string | undefined): Wording => ({ id: 'main.platform.api.why', values: { code: code ?? 'unknown' } });

function describeHost(url: URL, failure: ExchangeFailure): string | Wording {
  return failure.proxy ? { id: 'main.platform.api.throughProxy', values: { host: url.host, proxy: failure.proxy.address } } : url.host;
}

/** What the proxy itself did, when it (not the service) failed: nothing reached the service. */
function proxyWords(url: URL, proxy: ProxyHop, code: string | undefined): Wording {
  if (proxy.status === 407) return { id: 'main.platform.api.proxy.signIn', values: { proxy: proxy.address } };
  if (proxy.status !== undefined) return { id: 'main.platform.api.proxy.refused', values: { proxy: proxy.address, host: url.host, status: proxy.status } };
  // The code's words for a refusal ask whether the service runs there; here it is the proxy that refused.
  const because: Wording = code === 'ECONNREFUSED' ? { id: 'main.platform.api.proxy.connectionRefused' } : why(code);
  return { id: 'main.platform.api.proxy.unreachable', values: { proxy: proxy.address, why: because } };
}

/** A failure of the HTTP exchange itself, for a call whose outcome cannot matter (not money-moving). */
export function transportFailure(failure: ExchangeFailure, url: URL, timeouts: { connectMs: number; responseMs: number }): AppFailure {
  const host = describeHost(url, failure);
  if (failure.reason === 'connect_timeout') {
    return worded({ kind: 'timeout' }, { id: 'main.platform.api.connectTimeout', values: { host, seconds: seconds(timeouts.connectMs) } });
  }
  if (failure.reason === 'response_timeout') {
    return worded({ kind: 'timeout' }, { id: 'main.platform.api.responseTimeout', values: { host, seconds: seconds(timeouts.responseMs) } });
  }
  if (failure.reason === 'too_large') {
    return worded({ kind: 'unexpected_response', field: '(body)', status: 0 }, { id: 'main.platform.api.tooLarge', values: { host } });
  }
  if (failure.proxy?.failed) {
    return worded({ kind: 'network' }, { id: 'main.platform.api.network', values: { host: url.host, why: proxyWords(url, failure.proxy, failure.code) } });
  }
  return worded({ kind: 'network' }, { id: 'main.platform.api.network', values: { host, why: why(failure.code) } });
}

/** The request may have reached the service, and no usable answer came back (docs/service-interface.md, "Lost responses"). */
export function outcomeUnknown(call: ServiceCall & { foreignId: string }, what: Wording): AppFailure {
  return worded(
    { kind: 'outcome_unknown', foreignId: call.foreignId },
    { id: 'main.platform.api.outcomeUnknown', values: { action: { id: 'main.platform.api.action', values: { action: call.action } }, foreignId: call.foreignId, what } },
  );
}

/** What went wrong with an exchange, as the tail of an outcome_unknown message. */
export function lostAnswerWords(failure: ExchangeFailure, responseMs: number): Wording {
  if (failure.reason === 'response_timeout') return { id: 'main.platform.api.lost.timeout', values: { seconds: seconds(responseMs) } };
  if (failure.reason === 'too_large') return { id: 'main.platform.api.lost.tooLarge' };
  return { id: 'main.platform.api.lost.network', values: { why: why(failure.code) } };
}

/** A 2xx or error body that does not fit the schema, or is not JSON; `problem` in our words, or zod's technical text. */
export function unreadableAnswer(call: ServiceCall, status: number, field: string, problem: string | Wording): AppFailure {
  const body = field === '(body)';
  if (call.foreignId !== undefined) {
    const what: Wording = body
      ? { id: 'main.platform.api.lost.unreadableBody', values: { status, problem } }
      : { id: 'main.platform.api.lost.unreadableField', values: { status, field, problem } };
    return outcomeUnknown({ ...call, foreignId: call.foreignId }, what);
  }
  return worded(
    { kind: 'unexpected_response', field, status },
    body ? { id: 'main.platform.api.unreadable.body', values: { status } } : { id: 'main.platform.api.unreadable.field', values: { status, field, problem } },
  );
}
