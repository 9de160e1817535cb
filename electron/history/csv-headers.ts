import type { MessageId, Say } from '../../shared/i18n/index.ts';
import type { CsvColumn, CsvHeader } from '../platform/journal/index.ts';

/**
 * The spreadsheet form's column names in the window's language (the machine form keeps the
 * columns' own English names for programs). A column of times names the zone they are written in.
 */
const HEADERS: Record<CsvColumn, MessageId> = {
  id: 'main.history.csv.id',
  created_at_utc: 'main.history.csv.created_at',
  updated_at_utc: 'main.history.csv.updated_at',
  profile: 'main.history.csv.profile',
  origin: 'main.history.csv.origin',
  operation: 'main.history.csv.operation',
  state: 'main.history.csv.state',
  foreign_id: 'main.history.csv.foreign_id',
  service_id: 'main.history.csv.service_id',
  service_status: 'main.history.csv.service_status',
  title: 'main.history.csv.title',
  end_user_reference: 'main.history.csv.end_user_reference',
  currency: 'main.history.csv.currency',
  amount: 'main.history.csv.amount',
  http_status: 'main.history.csv.http_status',
  duration_ms: 'main.history.csv.duration_ms',
  message: 'main.history.csv.message',
  address: 'main.history.csv.address',
  txids: 'main.history.csv.txids',
  made_by: 'main.history.csv.made_by',
  made_login: 'main.history.csv.made_login',
  made_on: 'main.history.csv.made_on',
  resolved_by: 'main.history.csv.resolved_by',
  resolved_login: 'main.history.csv.resolved_login',
  resolved_on: 'main.history.csv.resolved_on',
  resolved_at: 'main.history.csv.resolved_at',
};

/** The headers said by `say`, read when the file is written: a change of language shows in the next export. */
export const spreadsheetHeaders =
  (say: Say): CsvHeader =>
  (column, timeZone) =>
    say(HEADERS[column], { timeZone });
