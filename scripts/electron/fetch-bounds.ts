/**
 * Loaded with `node --import` into the process that runs Electron's own install.js, and nowhere else.
 *
 * @electron/get 5 downloads with the global fetch, with no timeout and no retry. Where the network
 * drops packets, or a proxy accepts and never answers, undici waits 10 s to connect and then up to
 * 300 s for an answer: `npm ci` on an offline machine would sit there. This bounds the wait for the
 * server's answer (its headers) to MERCHANT_CONSOLE_DOWNLOAD_TIMEOUT seconds, 30 by default; a
 * download that has started is never cut, however slow. And where fetch says only "fetch failed", the
 * error names the URL and the cause (no such host, connection refused, no answer).
 */

const configured = Number(process.env.MERCHANT_CONSOLE_DOWNLOAD_TIMEOUT);
const ANSWER_SECONDS = Number.isFinite(configured) && configured > 0 ? configured : 30;
const unboundedFetch = globalThis.fetch;

function describe(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  return cause?.message || cause?.code || (error instanceof Error ? error.message : String(error));
}

globalThis.fetch = async function boundedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const answer = new AbortController();
  const timer = setTimeout(() => answer.abort(), ANSWER_SECONDS * 1000);
  const signal = init?.signal ? AbortSignal.any([init.signal, answer.signal]) : answer.signal;
  try {
    return await unboundedFetch(input, { ...init, signal });
  } catch (error) {
    const why = answer.signal.aborted ? `no answer within ${ANSWER_SECONDS} s` : describe(error);
    throw new Error(`could not download ${url}: ${why}`, { cause: error });
  } finally {
    // The answer has come (or the request failed): from here on the body may take as long as it takes.
    clearTimeout(timer);
  }
};
