import { useId, useState } from 'react';
import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import { announce } from '../../components/announce.ts';
import { FailureAlert } from '../../components/States.tsx';
import { UnreadableEntries } from './UnreadableEntries.tsx';
import { useExportCsv } from './use-journal.ts';

/** The contract's largest page (journalQuery.limit): one export holds at most this many rows. */
const EXPORT_MAX = 1000;

type CsvForm = 'machine' | 'spreadsheet';

/**
 * The current search, every page of it, as CSV (journal.exportCsv with the same filters), for other
 * programs (dot decimals, UTC times) or for a spreadsheet in this computer's regional format. In the
 * app a save dialog asks where; a cancelled dialog is said quietly, it is not an error.
 */
export function ExportCsv({ query }: { query: JournalQuery }) {
  const exportCsv = useExportCsv();
  const written = exportCsv.data;
  const [form, setForm] = useState<CsvForm>('machine');
  const formId = useId();
  return (
    <div className="history-export">
      <label htmlFor={formId}>CSV for</label>
      <select id={formId} value={form} onChange={(event) => setForm(event.target.value === 'spreadsheet' ? 'spreadsheet' : 'machine')} data-testid="export-form">
        <option value="machine">Other programs (dot decimals, UTC times)</option>
        <option value="spreadsheet">A spreadsheet (this computer&apos;s number format and time zone)</option>
      </select>
      <button
        type="button"
        className="button"
        disabled={exportCsv.isPending}
        onClick={() =>
          exportCsv.mutate({ ...query, form }, {
            onSuccess: ({ path, rows }) => announce(path === null ? 'Export cancelled' : `Exported ${rows} rows`),
          })
        }
      >
        {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
      </button>
      {written && written.path !== null && (
        <p className="history-export-result" role="status" data-testid="export-result">
          Wrote {written.rows} {written.rows === 1 ? 'row' : 'rows'} to <span className="mono break">{written.path}</span>
          {written.rows >= EXPORT_MAX && ' (the most one export holds: narrow the search for the rest)'}
        </p>
      )}
      {written && <UnreadableEntries unreadable={written.unreadable} what="written" />}
      {written && written.path === null && (
        <p className="history-export-result muted" role="status">
          Export cancelled: nothing was written.
        </p>
      )}
      <FailureAlert error={exportCsv.error} />
    </div>
  );
}
