import { inEnglish } from '../../../shared/i18n/index.ts';
import type { Wording } from '../../../shared/i18n/index.ts';
import { AppFailure, worded } from '../../../shared/ipc/errors.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';
import type { CallReceipt } from './service-call.ts';

/**
 * A lookup by txid on a service that does not take it (docs/service-interface.md, "transactions/info
 * by txid": only newer documentation has it). Such a service says so in one of the ways its older
 * interface refuses a body, and each is read here as "not supported", never as "not found" or as
 * the person's mistake (the hash passed the contract's check before it was sent):
 *
 *  - 400 "No parameters present": it ignored `txid` as a field it does not know, and so saw none of
 *    its own ("Error bodies");
 *  - 404 "Validation Exception: ...": its parameter check refused the body;
 *  - an unknown-parameter refusal, worded as frameworks word it ("Unknown parameter", "unexpected
 *    field", "is not allowed", "prohibited", "not supported", `unknown_parameter`);
 *  - a 4xx field refusal of `txid`, or a message naming it, that refuses the parameter itself
 *    ("The txid field is prohibited.", "txid is not allowed", "Unknown field: txid").
 *
 * A plain 404 "Transaction not found" stays not_found: the service took the hash and found nothing.
 * A refusal of the hash's value ("The txid format is invalid.", "The selected txid is invalid.")
 * stays validation, in the service's words: it knows the parameter. Authentication (403) and the
 * rate limit (429) stay what they are.
 */

const TXID_UNSUPPORTED: Wording = { id: 'main.lookup.unsupported' };
export const TXID_UNSUPPORTED_MESSAGE = inEnglish(TXID_UNSUPPORTED);

/** How much of an error body is read for these words: an error page's head says enough. */
const READ_CHARS = 4096;

const NO_PARAMETERS = /no parameters? (are |is )?present/i;
const VALIDATION_EXCEPTION = /validation exception/i;
const UNKNOWN_PARAMETER =
  /\b(unknown|unexpected|unrecogni[sz]ed|unsupported|invalid|extra|additional)[\s_-]+(param(eter)?|field|key|argument|propert(y|ies))s?\b|\b(param(eter)?|field|key|argument|propert(y|ies))s?\b[^.]{0,40}\b(not (allowed|permitted|supported|accepted|expected)|prohibited|unknown)\b/i;
const NAMES_TXID = /\btxid\b/i;
/** Words that refuse a parameter as such, not its value. */
const REFUSES_PARAMETER =
  /not (allowed|permitted|supported|accepted|expected|recogni[sz]ed)|prohibited|unknown|unexpected|unrecogni[sz]ed|unsupported|may not be (used|sent|given|present)|cannot be used/i;

/** The kinds a refusal of the parameter arrives as; the others (403, 429, 5xx, network) are left alone. */
const REFUSAL_KINDS: ReadonlySet<AppError['kind']> = new Set(['validation', 'not_found', 'service']);

function refusesTxid(error: AppError, status: number, text: string): boolean {
  if (!REFUSAL_KINDS.has(error.kind) || status < 400 || status >= 500 || status === 403 || status === 429) return false;
  const head = text.slice(0, READ_CHARS);
  if (NO_PARAMETERS.test(head)) return true;
  if (status === 404) return VALIDATION_EXCEPTION.test(head);
  if (UNKNOWN_PARAMETER.test(head)) return true;
  const fieldWords = error.kind === 'validation' ? Object.entries(error.fields).filter(([field]) => NAMES_TXID.test(field)).map(([, words]) => words) : [];
  return [...fieldWords, ...(NAMES_TXID.test(head) ? [head] : [])].some((words) => REFUSES_PARAMETER.test(words));
}

/**
 * What a lookup by txid throws when its call failed: `unsupported` when the service refused the
 * parameter itself (read from the answer in `receipt`), otherwise the failure as it was.
 */
export function txidLookupFailure(thrown: unknown, receipt: CallReceipt): unknown {
  if (!(thrown instanceof AppFailure) || receipt.status === null) return thrown;
  if (!refusesTxid(thrown.error, receipt.status, receipt.text ?? '')) return thrown;
  return worded({ kind: 'unsupported' }, TXID_UNSUPPORTED);
}
