import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../../components/CopyButton.tsx';

/** The answer exactly as the service sent it, byte for byte: what support staff compare and quote. */
export function RawJson({ raw }: { raw: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const intl = useIntl();
  return (
    <section className="panel panel-wide raw-json" aria-labelledby={`${id}-title`}>
      <div className="raw-json-head">
        <h2 id={`${id}-title`}>
          <FormattedMessage id="transactions.raw.title" />
        </h2>
        <button type="button" className="button button-small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <FormattedMessage id={open ? 'transactions.raw.hide' : 'transactions.raw.show'} />
        </button>
        {open && <CopyButton value={raw} what={intl.formatMessage({ id: 'transactions.raw.what' })} />}
      </div>
      <pre id={id} className="mono raw-json-text" hidden={!open} tabIndex={open ? 0 : -1} data-testid="raw-json">
        {raw}
      </pre>
    </section>
  );
}
