import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce } from './announce.ts';

/**
 * Copies a value (an id, a txid, a payment URL) and says "Copied" through the polite live region,
 * so a screen-reader user hears it too. The label names what is copied: several sit side by side.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const intl = useIntl();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      announce(intl.formatMessage({ id: 'common.copiedAnnounce' }, { what }));
      setTimeout(() => setCopied(false), 1500);
    } catch {
      announce(intl.formatMessage({ id: 'common.copyFailed' }, { what }));
    }
  };
  return (
    <button type="button" className="button button-small" onClick={() => void copy()} aria-label={intl.formatMessage({ id: 'common.copyLabel' }, { what })}>
      <FormattedMessage id={copied ? 'common.copied' : 'common.copy'} />
    </button>
  );
}
