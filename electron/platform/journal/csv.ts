import type { JournalEntry } from '../../../shared/ipc/journal.ts';

/**
 * History as CSV (RFC 4180). By default for programs: amounts exact decimal text with a dot, times
 * UTC ISO 8601 with seconds, commas between cells. The spreadsheet form is for a person's
 * spreadsheet in their own locale (German and French ones split on semicolons and read a decimal
 * comma): the same cells, amounts still exact but with the locale's decimal separator, times in the
 * computer's time zone, named in the header, in a form every spreadsheet reads as a date.
 * The columns are documented in the README; change both together.
 */

/** A column's kind: its cells are changed by the spreadsheet form only when it holds times or decimals. */
type Kind = 'text' | 'time' | 'decimal';

export const CSV_COLUMNS = [
  ['id', (e: JournalEntry) => e.id],
  ['created_at_utc', (e: JournalEntry) => e.createdAt, 'time'],
  ['updated_at_utc', (e: JournalEntry) => e.updatedAt, 'time'],
  ['profile', (e: JournalEntry) => e.profileName],
  ['origin', (e: JournalEntry) => e.origin],
  ['operation', (e: JournalEntry) => e.operation],
  ['state', (e: JournalEntry) => e.state],
  ['foreign_id', (e: JournalEntry) => e.foreignId],
  ['service_id', (e: JournalEntry) => e.serviceId],
  ['service_status', (e: JournalEntry) => e.serviceStatus],
  ['title', (e: JournalEntry) => e.title],
  ['end_user_reference', (e: JournalEntry) => e.endUserReference],
  ['currency', (e: JournalEntry) => e.currency],
  ['amount', (e: JournalEntry) => e.amount, 'decimal'],
  ['http_status', (e: JournalEntry) => e.httpStatus],
  ['duration_ms', (e: JournalEntry) => e.durationMs, 'decimal'],
  ['message', (e: JournalEntry) => e.message],
  // The deposit address and the txids a lookup saw, after the earlier columns so that a sheet reading those by place still works.
  ['address', (e: JournalEntry) => e.address],
  ['txids', (e: JournalEntry) => (e.txids.length === 0 ? null : e.txids.join(' '))],
  // Who made the entry and who recorded an unknown outcome's end, on which computer. Empty
  // for entries written before the console recorded them. A display name is typed by a person, so
  // it goes through the same formula guard as every other cell.
  // The logins beside the names: the name is what a desktop claims, the login what a team journal's
  // database recorded; a reader compares the two side by side. Empty on a desktop's own journal.
  ['made_by', (e: JournalEntry) => e.madeBy],
  ['made_login', (e: JournalEntry) => e.madeLogin],
  ['made_on', (e: JournalEntry) => e.madeOn],
  ['resolved_by', (e: JournalEntry) => e.resolvedBy],
  ['resolved_login', (e: JournalEntry) => e.resolvedLogin],
  ['resolved_on', (e: JournalEntry) => e.resolvedOn],
  ['resolved_at', (e: JournalEntry) => e.resolvedAt, 'time'],
] as const satisfies ReadonlyArray<readonly [string, (e: JournalEntry) => string | number | null, Kind?]>;

/** A column's machine name, as the machine form's header says it ("created_at_utc"). */
export type CsvColumn = (typeof CSV_COLUMNS)[number][0];

/**
 * The spreadsheet form's header of a column, in the reader's language (the capability says it: a
 * platform knows no words); `timeZone` for the columns that hold times, which name their zone.
 */
export type CsvHeader = (column: CsvColumn, timeZone: string) => string;

/**
 * How the cells are written: `decimal` and `separator` the locale's, `timeZone` the one times are shown in (an IANA name, or UTC);
 * `header` the spreadsheet form's column names, when it is given them (the machine form's are always the columns' own).
 */
export type CsvForm = { separator: ',' | ';'; decimal: '.' | ','; timeZone: string; name: 'machine' | 'spreadsheet'; header?: CsvHeader };

export const MACHINE_CSV: CsvForm = { separator: ',', decimal: '.', timeZone: 'UTC', name: 'machine' };

/** The spreadsheet form for a locale ("de-DE": semicolons and a decimal comma) and a time zone ("Europe/Berlin"), its headers by `header` where given. */
export function spreadsheetCsv(locale: string, timeZone: string, header?: CsvHeader): CsvForm {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value === ',' ? ',' : '.';
  // A spreadsheet whose decimal separator is the comma splits cells on the semicolon (Excel's list separator).
  return { separator: decimal === ',' ? ';' : ',', decimal, timeZone, name: 'spreadsheet', ...(header ? { header } : {}) };
}

/** An instant as "2026-11-27 07:40:05" in the time zone: the form spreadsheets in every locale read as a date and time. */
function localTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}:${parts['second']}`;
}

function headerOf(name: CsvColumn, kind: Kind, form: CsvForm): string {
  if (form.name === 'machine') return name;
  if (form.header) return form.header(name, form.timeZone);
  if (kind !== 'time') return name;
  return `${name.replace(/_utc$/, '')} (${form.timeZone})`;
}

function cell(value: string | number | null, kind: Kind, form: CsvForm): string {
  if (value === null) return '';
  let text = String(value);
  if (form.name === 'spreadsheet' && kind === 'time') text = localTime(text, form.timeZone);
  // A decimal keeps every digit: only its separator changes (never a float on the way).
  if (kind === 'decimal' && /^-?\d+\.\d+$/.test(text)) text = text.replace('.', form.decimal);
  // Quote when needed; a leading = + - @ is prefixed so spreadsheets do not run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+([.,]\d+)?$/.test(text) ? `'${text}` : text;
  return /["\r\n]/.test(safe) || safe.includes(form.separator) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The entries as CSV in `form`; the spreadsheet form starts with a byte order mark, so that Excel reads its UTF-8 as UTF-8. */
export function journalToCsv(entries: readonly JournalEntry[], form: CsvForm = MACHINE_CSV): string {
  const kindOf = (column: (typeof CSV_COLUMNS)[number]): Kind => (column.length > 2 ? (column[2] as Kind) : 'text');
  const header = CSV_COLUMNS.map((column) => headerOf(column[0], kindOf(column), form)).join(form.separator);
  const rows = entries.map((entry) => CSV_COLUMNS.map((column) => cell(column[1](entry), kindOf(column), form)).join(form.separator));
  return `${form.name === 'spreadsheet' ? '\uFEFF' : ''}${[header, ...rows].join('\r\n')}\r\n`;
}
