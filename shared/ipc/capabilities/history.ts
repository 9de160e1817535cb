import { z } from 'zod';
import { ruleMessage } from '../../i18n/rule-message.ts';
import { journalEntry, journalPage, journalQuery, unreadableEntry } from '../journal.ts';
import { empty, entryId, savedFile } from './common.ts';

/** The most characters of a resolution's note (the form counts them down, main refuses more). */
export const NOTE_MAX = 500;

/** History: the console's own record (the service cannot list invoices or exchanges), the active profile's only. */
export const historyChannels = {
  /** A page of entries, without their request and answer (journal.get reads those); `unreadable`: its rows that could not be read. */
  'journal.search': { request: journalQuery, response: journalPage },
  'journal.get': { request: entryId, response: z.object({ entry: journalEntry }) },
  /** The display names that made the active profile's entries, sorted: History's filter by person. */
  'journal.people': { request: empty, response: z.object({ people: z.array(z.string()) }) },
  /** Entries whose outcome is unknown: shown on start until a person resolves them. */
  'journal.attention': { request: empty, response: journalPage },
  /** A person checked the back office and records what became of an unknown submission. */
  'journal.resolve': {
    request: entryId.extend({
      state: z.enum(['succeeded', 'failed']),
      note: z.string().trim().min(1, ruleMessage('rules.journal.noteEmpty')).max(NOTE_MAX, ruleMessage('rules.journal.noteLong', { max: NOTE_MAX })),
    }),
    response: z.object({ entry: journalEntry }),
  },
  /**
   * `form`: `machine` (the default: dot decimals, UTC ISO times) or `spreadsheet` (the locale's
   * separators and decimal comma, local times: electron/platform/journal/csv.ts). `unreadable`: rows
   * of the search that could not be read, so not written (none when the save was cancelled).
   */
  'journal.exportCsv': { request: journalQuery.extend({ form: z.enum(['machine', 'spreadsheet']).optional() }), response: savedFile.extend({ rows: z.number().int(), unreadable: z.array(unreadableEntry) }) },
  /** A dispute report (PDF) of a transaction lookup recorded in the journal. */
  'reports.disputePdf': { request: entryId, response: savedFile },
} as const;
