import { isAppFailure } from '../../../shared/ipc/errors.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import type { ConnectionTest } from '../../../shared/ipc/profile.ts';
import { baseUrlProblem } from '../../../shared/ipc/profile.ts';

/** The 403 codes of docs/service-interface.md, "Error bodies", said in plain words. */
const AUTHENTICATION_WORDS: Record<string, string> = {
  bad_header_key: 'The service does not know this API key. Check that the key belongs to this address (live and sandbox keys differ).',
  required_header_key: 'The service did not accept the request as signed by a key. Check the base URL: it should end with /api/v2.',
  bad_header_signature: 'The service knows the API key but refused the signature: the secret key does not match it.',
  required_header_signature: 'The service asked for a signature that was not sent.',
};

export function explainError(error: AppError): string {
  switch (error.kind) {
    case 'authentication':
      return AUTHENTICATION_WORDS[error.code] ?? `The service refused the credentials (${error.code}).`;
    case 'network':
      return `The service could not be reached: ${error.message}`;
    case 'timeout':
      return 'The service did not answer in time. Check the address and your network, then try again.';
    case 'rate_limited':
      return 'The service is limiting requests right now; the credentials could not be checked. Try again shortly.';
    case 'not_found':
      return 'The address answered, but not like the processing service. Check the base URL: it should end with /api/v2.';
    case 'service':
      return `The service answered with an error (HTTP ${error.status}). Try again later.`;
    case 'unexpected_response':
      return 'The address answered, but not like the processing service. Check the base URL.';
    default:
      return error.message;
  }
}

/**
 * Tests a profile with one cheap signed call and explains the result. Never throws: every outcome
 * is an answer for the screen.
 */
export async function testConnection(options: {
  baseUrl: string;
  check: () => Promise<void>;
  now?: () => number;
}): Promise<ConnectionTest> {
  const now = options.now ?? (() => performance.now());
  const problem = baseUrlProblem(options.baseUrl);
  if (problem) return { ok: false, summary: problem, latencyMs: null };
  const started = now();
  try {
    await options.check();
    return { ok: true, summary: 'Connected: the service accepted the API key and the signature.', latencyMs: Math.max(0, Math.round(now() - started)) };
  } catch (error) {
    const summary = isAppFailure(error) ? explainError(error.error) : 'The connection test failed inside the app.';
    return { ok: false, summary, latencyMs: null };
  }
}
