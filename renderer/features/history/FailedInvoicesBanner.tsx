import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { wordOutcome } from '../../../shared/api/outcome-words.ts';
import { invoke } from '../../bridge.ts';
import { SPACE } from '../../components/locale.ts';

/** While any screen is open, failed invoices are asked for again this often (each ask reads the receiver). */
const ASK_EVERY_MS = 5_000;
const FAILED_KEY = ['outcomes', 'attention'] as const;

/** Between two invoices: a list's punctuation, the same in the shipped languages. */
const BETWEEN = '; ';

const mono = (chunks: ReactNode[]) => <span className="mono">{chunks}</span>;

/**
 * Invoices the service reported failed (not paid in time, paid less than asked), each listed once
 * above every screen until someone marks it seen: a failed payment is a customer to call back.
 */
export function FailedInvoicesBanner() {
  const intl = useIntl();
  const client = useQueryClient();
  const failed = useQuery({ queryKey: FAILED_KEY, queryFn: () => invoke('outcomes.attention', {}), refetchInterval: ASK_EVERY_MS });
  const markSeen = useMutation({
    mutationFn: (invoiceId: string) => invoke('outcomes.markSeen', { invoiceId }),
    onSuccess: () => client.invalidateQueries({ queryKey: FAILED_KEY }),
  });
  const invoices = failed.data?.failed ?? [];
  if (invoices.length === 0) return null;
  return (
    <div className="attention-banner" role="status" data-testid="failed-invoices">
      <p>
        <strong>
          <FormattedMessage id="history.failed.count" values={{ count: invoices.length }} />
        </strong>
        {SPACE}
        {invoices.map((invoice, index) => (
          <span key={invoice.invoiceId} data-testid="failed-invoice" data-invoice-id={invoice.invoiceId}>
            {index > 0 && BETWEEN}
            <FormattedMessage
              id="history.failed.invoice"
              values={{
                id: invoice.invoiceId,
                foreignId: invoice.foreignId ?? '',
                hasForeignId: invoice.foreignId === null ? 'no' : 'yes',
                words: wordOutcome(intl, invoice.words),
                leftToPay: invoice.leftToPay ?? '',
                hasLeftToPay: invoice.leftToPay === null ? 'no' : 'yes',
                mono,
              }}
            />
            {SPACE}
            <button
              type="button"
              className="button"
              disabled={markSeen.isPending}
              aria-label={intl.formatMessage({ id: 'history.failed.markSeenLabel' }, { id: invoice.invoiceId })}
              onClick={() => markSeen.mutate(invoice.invoiceId)}
            >
              <FormattedMessage id="history.failed.markSeen" />
            </button>
          </span>
        ))}
      </p>
    </div>
  );
}
