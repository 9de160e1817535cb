import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  const exportCsv = useExportCsv();
  const written = exportCsv.data;
  const [form, setForm] = useState<CsvForm>('machine');
  const formId = useId();
  return (
    <div className="history-export">
      <label htmlFor={formId}>
        <FormattedMessage id="history.export.for" />
      </label>
      <select id={formId} value={form} onChange={(event) => setForm(event.target.value === 'spreadsheet' ? 'spreadsheet' : 'machine')} data-testid="export-form">
        <option value="machine">{intl.formatMessage({ id: 'history.export.machine' })}</option>
        <option value="spreadsheet">{intl.formatMessage({ id: 'history.export.spreadsheet' })}</option>
      </select>
      <button
        type="button"
        className="button"
        disabled={exportCsv.isPending}
        onClick={() =>
          exportCsv.mutate({ ...query, form }, {
            onSuccess: ({ path, rows }) => announce(path === null ? intl.formatMessage({ id: 'history.export.cancelledShort' }) : intl.formatMessage({ id: 'history.export.exported' }, { rows })),
          })
        }
      >
        <FormattedMessage id={exportCsv.isPending ? 'history.export.busy' : 'history.export.submit'} />
      </button>
      {written && written.path !== null && (
        <p className="history-export-result" role="status" data-testid="export-result">
          <FormattedMessage
            id="history.export.wrote"
            values={{ rows: written.rows, path: written.path, full: written.rows >= EXPORT_MAX ? 'yes' : 'no', mono: (chunks) => <span className="mono break">{chunks}</span> }}
          />
        </p>
      )}
      {written && <UnreadableEntries unreadable={written.unreadable} notDone="written" />}
      {written && written.path === null && (
        <p className="history-export-result muted" role="status">
          <FormattedMessage id="history.export.cancelled" />
        </p>
      )}
      <FailureAlert error={exportCsv.error} />
    </div>
  );
}
