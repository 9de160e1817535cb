import { useIntl } from 'react-intl';
import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import { receiverNoticeWords } from './receiver-notice-words.ts';
import type { ToldByCallbacks } from './receiver-notice-words.ts';
import './receiver-notice.css';

/**
 * The one place that says a receiver is needed (no receiver set for the profile) or could not be
 * read, with where to set it up: History's entry detail, the created invoice and the taken deposit
 * address all show this. Nothing when the receiver was read.
 */
export function ReceiverNotice({ source, what }: { source: OutcomeSource | null; what: ToldByCallbacks }) {
  const intl = useIntl();
  const words = receiverNoticeWords(source, what, (id, values) => intl.formatMessage({ id }, values));
  if (words === null) return null;
  return (
    <div className="receiver-notice" role="note" data-testid="receiver-notice" data-source={source?.kind}>
      <p className="receiver-notice-title">{words.title}</p>
      {words.lines.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
    </div>
  );
}
