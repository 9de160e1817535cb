import { parseJsonLossless } from '../../../shared/money/index.ts';
import { worded } from '../../../shared/ipc/errors.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';
import { cleanServiceText, outcomeUnknown } from './failures.ts';
import type { ServiceCall } from './service-call.ts';

/**
 * Turns a complete non-2xx answer into a typed failure. The spec does not show error bodies
 * (spec section 7); docs/service-interface.md ("Error bodies") shows two shapes, and both are read here:
 *   400 {"errors": {field: message}}          -> validation, one message per field
 *   {"error": text, "code": code}             -> 403 authentication (code kept), 400 bad_content_format
 * A body is never assumed to be JSON: a 429 comes from the edge of the service as text or HTML,
 * a 502 from a proxy as HTML.
 */

export const RATE_LIMIT_PAUSE_MS = 60_000;

/** The 403 codes of docs/service-interface.md, "Error bodies", each worded by the catalogue (main.platform.api.authentication). */
const AUTHENTICATION_CODES: ReadonlySet<string> = new Set(['bad_header_key', 'bad_header_signature', 'required_header_key', 'required_header_signature']);

interface ErrorContext {
  now: () => number;
  redact: (text: string) => string;
}

type JsonObject = Record<string, unknown>;

function tryJson(text: string): JsonObject | null {
  try {
    const value = parseJsonLossless(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

/** Laravel-style `errors`: each field holds a message, or a list of them. */
function fieldErrors(body: JsonObject | null, redact: (text: string) => string): Record<string, string> | null {
  const errors = body?.['errors'];
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  // fromEntries defines own properties, so a field the service calls "__proto__" is kept, not swallowed.
  return Object.fromEntries(
    Object.entries(errors).map(([field, value]) => {
      const first = Array.isArray(value) ? value[0] : value;
      return [cleanServiceText(field, redact) ?? '(field)', cleanServiceText(first, redact) ?? 'was refused by the service'];
    }),
  );
}

export function errorReplyFailure(call: ServiceCall, status: number, text: string, context: ErrorContext): AppFailure {
  const { redact } = context;
  // 429: the edge of the service answers; its body is text or HTML and says nothing we need.
  if (status === 429) {
    const retryAt = context.now() + RATE_LIMIT_PAUSE_MS;
    return worded({ kind: 'rate_limited', retryAt }, { id: 'main.platform.api.rateLimited' });
  }

  const body = tryJson(text);
  const fields = fieldErrors(body, redact);
  const code = typeof body?.['code'] === 'string' ? body['code'] : null;
  const serviceText = cleanServiceText(body?.['error'] ?? body?.['message'] ?? (body ? null : text), redact);

  // A field refusal is a clear "no", whatever the status: nothing was done.
  if (fields) {
    const list = Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join('; ');
    return worded({ kind: 'validation', fields }, { id: 'main.platform.api.refusedFields', values: { list } });
  }

  if (status >= 500) {
    // A 5xx may come after the service did the work (a crash, a proxy that gave up waiting).
    if (call.foreignId !== undefined) {
      return outcomeUnknown({ ...call, foreignId: call.foreignId }, { id: 'main.platform.api.lost.serverError', values: { status } });
    }
    return worded({ kind: 'service', status }, { id: 'main.platform.api.serverError', values: { status } });
  }

  if (status === 403) {
    // A set, not an object: the service's code "constructor" must not find Object's constructor function.
    const known = code !== null && AUTHENTICATION_CODES.has(code);
    const error = { kind: 'authentication', code: code ?? 'forbidden' } as const;
    if (known || !serviceText) return worded(error, { id: 'main.platform.api.authentication', values: { code: known ? code : 'other' } });
    return worded(error, { id: 'main.platform.api.authenticationSays', values: { text: serviceText } });
  }

  if (status === 404) {
    // transactions/info answers 404 also for "more than one param is present" (docs/service-interface.md, "Error bodies").
    return worded({ kind: 'not_found' }, serviceText ? { id: 'main.platform.api.notFoundSays', values: { text: serviceText } } : { id: 'main.platform.api.notFound' });
  }

  if (status === 400 || status === 422) {
    if (code === 'bad_content_format') {
      return worded({ kind: 'validation', fields: {} }, { id: 'main.platform.api.badContentFormat' });
    }
    if (/no parameters present/i.test(text)) {
      return worded({ kind: 'validation', fields: {} }, { id: 'main.platform.api.noParameters' });
    }
    return worded(
      { kind: 'validation', fields: {} },
      serviceText ? { id: 'main.platform.api.refusedSays', values: { text: serviceText } } : { id: 'main.platform.api.refusedStatus', values: { status } },
    );
  }

  if (status >= 400) {
    return worded(
      { kind: 'service', status },
      serviceText ? { id: 'main.platform.api.refusedStatusSays', values: { status, text: serviceText } } : { id: 'main.platform.api.refusedStatus', values: { status } },
    );
  }

  // 1xx or 3xx: redirects are not followed; the base URL most likely points somewhere else.
  return worded({ kind: 'unexpected_response', field: '(status)', status }, { id: 'main.platform.api.notTheService', values: { status } });
}
