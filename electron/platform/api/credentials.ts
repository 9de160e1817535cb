import { isAppFailure } from '../../../shared/ipc/errors.ts';
import { listPairs } from './pairs.ts';
import type { Transport } from './transport.ts';

/**
 * Tests the API key and secret with one cheap, signed, read-only call: POST /currencies/pairs for
 * one pair. /ping cannot do it, as it needs no signature.
 *
 * Why pairs and not transactions/info with some id: a 404 from a lookup is also what any wrong
 * web server answers, so it proves nothing. Pairs proves the credentials when it answers a
 * readable pair list, or a Laravel-style field refusal ({"errors": ...}): the service checks the
 * key and signature before it reads the fields (docs/service-interface.md, "Error bodies": the 403 codes are
 * transport and authentication errors), so a field refusal is the service's own voice past the
 * key check (for example if a white-label instance does not list BTC or EUR). Everything else
 * (403 codes, 404, network, timeout, ...) is thrown for the caller to explain.
 */
export async function checkCredentials(transport: Transport): Promise<void> {
  try {
    await listPairs(transport, { currency_from: 'BTC', currency_to: 'EUR' });
  } catch (error) {
    if (isAppFailure(error) && error.error.kind === 'validation' && Object.keys(error.error.fields).length > 0) return;
    throw error;
  }
}
