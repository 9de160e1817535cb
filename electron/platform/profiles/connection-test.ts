import { inEnglish, sayWording } from '../../../shared/i18n/index.ts';
import type { MessageId, Say, Wording } from '../../../shared/i18n/index.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';
import type { ConnectionTest } from '../../../shared/ipc/profile.ts';
import { baseUrlProblem } from '../../../shared/ipc/profile.ts';

/** The 403 codes of docs/service-interface.md, "Error bodies", said in plain words. */
const AUTHENTICATION_WORDS: Record<string, MessageId> = {
  bad_header_key: 'main.platform.profiles.test.badKey',
  required_header_key: 'main.platform.profiles.test.keyRequired',
  bad_header_signature: 'main.platform.profiles.test.badSignature',
  required_header_signature: 'main.platform.profiles.test.signatureRequired',
};

/** What a failed test means for the person: a catalogue message, or the failure's own words (its wording when main made it from the catalogues). */
function failureWording(failure: AppFailure): Wording | string {
  const { error } = failure;
  const own = failure.wording ?? error.message;
  switch (error.kind) {
    case 'authentication': {
      const id = AUTHENTICATION_WORDS[error.code];
      return id ? { id } : { id: 'main.platform.profiles.test.refused', values: { code: error.code } };
    }
    case 'network':
      return { id: 'main.platform.profiles.test.unreachable', values: { why: own } };
    case 'timeout':
      return { id: 'main.platform.profiles.test.timeout' };
    case 'rate_limited':
      return { id: 'main.platform.profiles.test.rateLimited' };
    case 'not_found':
      return { id: 'main.platform.profiles.test.notFound' };
    case 'service':
      return { id: 'main.platform.profiles.test.serviceError', values: { status: error.status } };
    case 'unexpected_response':
      return { id: 'main.platform.profiles.test.unexpected' };
    default:
      return own;
  }
}

/** `say`: the window's language, in which the result is said (English without it). */
export type TestSay = { say?: Say };

const said = (wording: Wording | string, say: Say | undefined): string =>
  typeof wording === 'string' ? wording : say ? sayWording(say, wording) : inEnglish(wording);

/** A failure explained in plain words, in the window's language. */
export const explainError = (failure: AppFailure, { say }: TestSay = {}): string => said(failureWording(failure), say);

/**
 * Tests a profile with one cheap signed call and explains the result. Never throws: every outcome
 * is an answer for the screen.
 */
export async function testConnection(
  options: TestSay & {
    baseUrl: string;
    check: () => Promise<void>;
    now?: () => number;
  },
): Promise<ConnectionTest> {
  const now = options.now ?? (() => performance.now());
  const problem = baseUrlProblem(options.baseUrl);
  if (problem) return { ok: false, summary: problem, latencyMs: null };
  const started = now();
  try {
    await options.check();
    return { ok: true, summary: said({ id: 'main.platform.profiles.test.connected' }, options.say), latencyMs: Math.max(0, Math.round(now() - started)) };
  } catch (error) {
    const summary = isAppFailure(error) ? explainError(error, options) : said({ id: 'main.profiles.testFailed' }, options.say);
    return { ok: false, summary, latencyMs: null };
  }
}
