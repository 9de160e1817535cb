import { parseJsonLossless } from '../../../shared/money/index.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';
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

/** The 403 codes of docs/service-interface.md, "Error bodies", in plain words. */
const AUTHENTICATION_WORDS: Record<string, string> = {
  bad_header_key: 'The API key is not known to the service.',
  bad_header_signature: 'The signature was refused: check the secret.',
  required_header_key:
    'The service saw no API key. It answers so for an unknown address too: check that the base URL ends with /api/v2.',
  required_header_signature: 'The service saw no signature on the request.',
};

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
    return new AppFailure({
      kind: 'rate_limited',
      retryAt,
      message: 'The service is limiting requests. Nothing succeeds until a one-minute pause has passed (spec section 8).',
    });
  }

  const body = tryJson(text);
  const fields = fieldErrors(body, redact);
  const code = typeof body?.['code'] === 'string' ? body['code'] : null;
  const serviceText = cleanServiceText(body?.['error'] ?? body?.['message'] ?? (body ? null : text), redact);

  // A field refusal is a clear "no", whatever the status: nothing was done.
  if (fields) {
    const list = Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join('; ');
    return new AppFailure({ kind: 'validation', fields, message: `The service refused the request. ${list}` });
  }

  if (status >= 500) {
    // A 5xx may come after the service did the work (a crash, a proxy that gave up waiting).
    if (call.foreignId !== undefined) {
      return outcomeUnknown({ ...call, foreignId: call.foreignId }, `it answered with a server error (HTTP ${status})`);
    }
    return new AppFailure({ kind: 'service', status, message: `The service failed to answer (HTTP ${status}). Try again later.` });
  }

  if (status === 403) {
    // Own keys only: the service's code "constructor" must not find Object's constructor function.
    const known = code !== null && Object.hasOwn(AUTHENTICATION_WORDS, code) ? AUTHENTICATION_WORDS[code] : undefined;
    return new AppFailure({
      kind: 'authentication',
      code: code ?? 'forbidden',
      message: known ?? `The service refused the credentials${serviceText ? `: ${serviceText}` : '.'}`,
    });
  }

  if (status === 404) {
    // transactions/info answers 404 also for "more than one param is present" (docs/service-interface.md, "Error bodies").
    return new AppFailure({
      kind: 'not_found',
      message: serviceText ? `The service found nothing: ${serviceText}` : 'The service has no such record (HTTP 404).',
    });
  }

  if (status === 400 || status === 422) {
    if (code === 'bad_content_format') {
      return new AppFailure({ kind: 'validation', fields: {}, message: 'The service could not read the request body (bad_content_format).' });
    }
    if (/no parameters present/i.test(text)) {
      return new AppFailure({ kind: 'validation', fields: {}, message: 'The service says the request carried no parameters.' });
    }
    return new AppFailure({
      kind: 'validation',
      fields: {},
      message: `The service refused the request${serviceText ? `: ${serviceText}` : ` (HTTP ${status}).`}`,
    });
  }

  if (status >= 400) {
    return new AppFailure({
      kind: 'service',
      status,
      message: `The service refused the request (HTTP ${status})${serviceText ? `: ${serviceText}` : '.'}`,
    });
  }

  // 1xx or 3xx: redirects are not followed; the base URL most likely points somewhere else.
  return new AppFailure({
    kind: 'unexpected_response',
    field: '(status)',
    status,
    message: `The address answered HTTP ${status}, which the processing service does not send. Check the base URL.`,
  });
}
