import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../bridge.ts';

/** While any screen is open, failed invoices are asked for again this often (each ask reads the receiver). */
const ASK_EVERY_MS = 5_000;
const FAILED_KEY = ['outcomes', 'attention'] as const;

/**
 * Invoices the service reported failed (not paid in time, paid less than asked), each listed once
 * above every screen until someone marks it seen: a failed payment is a customer to call back.
 */
export function FailedInvoicesBanner() {
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
        <strong>{invoices.length === 1 ? 'An invoice failed' : `${invoices.length} invoices failed`}:</strong>{' '}
        {invoices.map((invoice, index) => (
          <span key={invoice.invoiceId} data-testid="failed-invoice" data-invoice-id={invoice.invoiceId}>
            {index > 0 && '; '}
            invoice <span className="mono">{invoice.invoiceId}</span>
            {invoice.foreignId !== null && (
              <>
                {' '}
                (<span className="mono">{invoice.foreignId}</span>)
              </>
            )}
            , {invoice.words}
            {invoice.leftToPay !== null && ` (${invoice.leftToPay} left to pay)`}{' '}
            <button
              type="button"
              className="button"
              disabled={markSeen.isPending}
              aria-label={`Mark seen: invoice ${invoice.invoiceId}`}
              onClick={() => markSeen.mutate(invoice.invoiceId)}
            >
              Mark seen
            </button>
          </span>
        ))}
      </p>
    </div>
  );
}
