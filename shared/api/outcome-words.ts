import type { MessageId } from '../i18n/catalogues.ts';
import { hasNeededValues } from '../i18n/wording-data.ts';
import { isEncodedRule, readRuleMessage, ruleMessage } from '../i18n/rule-message.ts';
import type { RuleMessage, RuleWording } from '../i18n/rule-message.ts';
import { callbackStatus } from './callback.ts';

/**
 * What a callback's status means for the object it reports, in the words finance staff read
 * (field notes, "Callbacks"). Decided once, here, for History, the entry's timeline, the address's
 * deposits and the failed-invoices banner. A status the console does not know is shown as received
 * and flagged, never guessed at.
 *
 * The words travel as a catalogue id with its values (`ruleMessage`, shared/i18n/rule-message.ts,
 * keys `outcomes.*`): main decides them once and every screen words them in the window's language
 * with `wordOutcome`, the one reader, which shows plain words (what an older desktop kept) as they
 * came and never words an id that is not an outcome's (docs/i18n.md).
 */

export type OutcomeTone = 'ok' | 'wait' | 'bad' | 'unknown';
/** `words`: the encoded message (`ruleMessage`), worded where shown by `wordOutcome`. */
export type OutcomeWords = { words: string; tone: OutcomeTone; final: boolean; known: boolean };

type Said = { id: MessageId; because?: MessageId; tone: OutcomeTone; final: boolean };

const INVOICE: Record<string, Said> = {
  created: { id: 'outcomes.invoice.created', tone: 'wait', final: false },
  pending: { id: 'outcomes.invoice.pending', tone: 'wait', final: false },
  processing: { id: 'outcomes.invoice.processing', tone: 'wait', final: false },
  confirmed: { id: 'outcomes.invoice.confirmed', tone: 'ok', final: true },
  failed: { id: 'outcomes.invoice.failed', because: 'outcomes.invoice.failedBecause', tone: 'bad', final: true },
};

const OTHER: Record<string, Said> = {
  created: { id: 'outcomes.created', tone: 'wait', final: false },
  pending: { id: 'outcomes.held', tone: 'wait', final: false },
  not_confirmed: { id: 'outcomes.processing', tone: 'wait', final: false },
  processing: { id: 'outcomes.processing', tone: 'wait', final: false },
  confirmed: { id: 'outcomes.confirmed', tone: 'ok', final: true },
  failed: { id: 'outcomes.failed', because: 'outcomes.failedBecause', tone: 'bad', final: true },
  cancelled: { id: 'outcomes.cancelled', because: 'outcomes.cancelledBecause', tone: 'bad', final: true },
  declined: { id: 'outcomes.declined', because: 'outcomes.declinedBecause', tone: 'bad', final: true },
};

/** The words of `status` for a callback of `type`; `error` is the service's reason, said after a failure. */
export function outcomeWords(type: string, status: string, error: string | null): OutcomeWords {
  const read = callbackStatus.read(status);
  const table = type === 'invoice' ? INVOICE : OTHER;
  const known = read.known ? table[read.value] : undefined;
  if (known === undefined) {
    return { words: ruleMessage('outcomes.unknownStatus', { status }), tone: 'unknown', final: false, known: false };
  }
  const reason = error?.trim() ?? '';
  const words = reason !== '' && known.because !== undefined ? ruleMessage(known.because, { reason }) : ruleMessage(known.id);
  return { words, tone: known.tone, final: known.final, known: true };
}

/** Where a deposit stands, as the summary of an address's deposits counts it, in the summary's order. */
const DEPOSIT_STATES = ['created', 'held', 'processing', 'confirmed', 'failed', 'cancelled', 'declined', 'unknown'] as const;
type DepositState = (typeof DEPOSIT_STATES)[number];

const DEPOSIT_STATE: Record<string, DepositState> = {
  created: 'created',
  pending: 'held',
  not_confirmed: 'processing',
  processing: 'processing',
  confirmed: 'confirmed',
  failed: 'failed',
  cancelled: 'cancelled',
  declined: 'declined',
};

/**
 * A deposit address's summary, from the current status of each deposit into it: "2 deposits:
 * 1 confirmed, 1 being processed". One message (`outcomes.deposits.summary`) with a count for each
 * state and the first state present (`first`: no comma before it); the service's reasons and a
 * status it does not know are in each deposit's own words, below the summary.
 */
export function depositsSummary(statuses: readonly string[]): string {
  const counts = Object.fromEntries(DEPOSIT_STATES.map((state) => [state, 0])) as Record<DepositState, number>;
  for (const status of statuses) {
    const read = callbackStatus.read(status);
    counts[(read.known ? DEPOSIT_STATE[read.value] : undefined) ?? 'unknown'] += 1;
  }
  const first = DEPOSIT_STATES.find((state) => counts[state] > 0) ?? 'none';
  return ruleMessage('outcomes.deposits.summary', { count: statuses.length, first, ...counts });
}

const OUTCOME_PREFIX = 'outcomes.';

/** Whether an encoded message is an outcome's, with every value its message needs, each of the kind it needs. */
function isOutcome(rule: RuleMessage): boolean {
  return rule.id.startsWith(OUTCOME_PREFIX) && hasNeededValues(rule.id, rule.values);
}

/**
 * An outcome's words in `intl`'s language: the one place they are read. What they carry came from
 * another desktop as often as from this one (a team's journal, an older version), so: plain words are
 * shown as they came (what an older desktop kept, in English); an encoded message is worded only when
 * it names an outcome's message with the values it needs, and anything else encoded (another part of
 * the catalogue, values missing or of the wrong kind, a broken encoding) says the words cannot be
 * read, never a screen's sentence out of place, the raw encoding, or a throw.
 */
export function wordOutcome(intl: RuleWording, text: string): string {
  const rule = readRuleMessage(text);
  if (rule === null) return isEncodedRule(text) ? intl.formatMessage({ id: 'outcomes.unreadable' }) : text;
  // Its values are the service's words (a reason, a status), said as received: never read as a rule of their own.
  return isOutcome(rule) ? intl.formatMessage({ id: rule.id }, rule.values) : intl.formatMessage({ id: 'outcomes.unreadable' });
}
