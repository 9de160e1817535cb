import { z } from 'zod';
import { ruleMessage } from '../../../shared/i18n/index.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import type { JournalOperation } from '../../../shared/ipc/journal.ts';
import { JOURNAL_KINDS, JOURNAL_OPERATIONS, JOURNAL_STATES, journalQuery, kindOf } from '../../../shared/ipc/journal.ts';

/**
 * The History search: the kind of record (the clerk's payments by default), text, operation, journal state, the service's status, the person who made the
 * entry and a UTC date range. Empty means "any" ("Everyone" for the person). The text,
 * status and person rules are the contract's own (journalQuery); the dates are checked here more
 * strictly than the contract (which also takes timestamps), because a person types a day.
 */

/** What History shows: payments (its default), lookups and reads, or every entry. */
export const SHOW_KINDS = [...JOURNAL_KINDS, 'everything'] as const;
export type ShowKind = (typeof SHOW_KINDS)[number];

export const SHOW_WORDS: Record<ShowKind, MessageId> = { payments: 'history.search.show.payments', lookups: 'history.search.show.lookups', everything: 'history.search.show.everything' };

/** The operations a kind lists: the Operation filter offers only these. */
export const operationsOf = (kind: ShowKind): JournalOperation[] => JOURNAL_OPERATIONS.filter((operation) => kind === 'everything' || kindOf(operation) === kind);

export type SearchValues = {
  kind: ShowKind;
  text: string;
  operation: (typeof JOURNAL_OPERATIONS)[number] | '';
  state: (typeof JOURNAL_STATES)[number] | '';
  serviceStatus: string;
  /** A display name exactly as entries record it; '' is everyone. */
  madeBy: string;
  /** YYYY-MM-DD, a UTC day, inclusive. */
  from: string;
  to: string;
};

export const BLANK_SEARCH: SearchValues = { kind: 'payments', text: '', operation: '', state: '', serviceStatus: '', madeBy: '', from: '', to: '' };

/** A calendar day that exists, written YYYY-MM-DD (2025-02-30 does not). */
export function isRealIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The form's own rules, worded where the field shows them (FieldFrame). */
const REAL_DATE = ruleMessage('history.search.realDate');

const day = z
  .string()
  .trim()
  .refine((text) => text === '' || isRealIsoDate(text), { message: REAL_DATE });

const textRule = journalQuery.shape.text.unwrap();
const personRule = journalQuery.shape.madeBy.unwrap();

export const searchSchema = z
  .object({
    kind: z.enum(SHOW_KINDS),
    text: z.string().trim().max(textRule.maxLength ?? 255, ruleMessage('history.search.textLong')),
    operation: z.enum(['', ...JOURNAL_OPERATIONS]),
    state: z.enum(['', ...JOURNAL_STATES]),
    serviceStatus: z.string().trim().max(50, ruleMessage('history.search.statusLong')),
    // Chosen from the names the journal holds, so only a tampered form breaks this.
    madeBy: z.union([z.literal(''), personRule]),
    from: day,
    to: day,
  })
  .superRefine((values, ctx) => {
    // Same-length YYYY-MM-DD text sorts as the days do.
    if (values.from !== '' && values.to !== '' && values.from > values.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ruleMessage('history.search.endBeforeStart') });
    }
  });

/** The contract's query: empty fields left out (paging is added by the screen). */
export function toQuery(values: SearchValues): JournalQuery {
  const query: JournalQuery = {};
  if (values.kind !== 'everything') query.kind = values.kind;
  const text = values.text.trim();
  if (text !== '') query.text = text;
  if (values.operation !== '') query.operation = values.operation;
  if (values.state !== '') query.state = values.state;
  if (values.serviceStatus.trim() !== '') query.serviceStatus = values.serviceStatus.trim();
  if (values.madeBy.trim() !== '') query.madeBy = values.madeBy.trim();
  if (values.from.trim() !== '') query.from = values.from.trim();
  if (values.to.trim() !== '') query.to = values.to.trim();
  return query;
}

/**
 * True when the query narrows anything but the kind: an empty list then says "No entry matches",
 * not that nothing of the kind is recorded yet.
 */
export function isFiltered(query: JournalQuery): boolean {
  return Object.keys(query).some((key) => key !== 'limit' && key !== 'offset' && key !== 'kind');
}

/** The kind a query shows, as the Show filter names it. */
export const shownKind = (query: JournalQuery): ShowKind => query.kind ?? 'everything';
