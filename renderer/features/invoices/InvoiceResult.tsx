import { useEffect, useRef } from 'react';
import { invoiceStatus } from '../../../shared/api/invoice.ts';
import { announce } from '../../components/announce.ts';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { Amount } from '../../components/Amount.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { CopyableText } from '../../components/CopyableText.tsx';
import { Countdown } from '../../components/Countdown.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { appErrorOf } from '../../bridge.ts';
import { FailureAlert } from '../../components/States.tsx';
import { ReceiverNotice } from '../../components/outcomes/ReceiverNotice.tsx';
import { useOutcomeSource } from '../../components/outcomes/use-outcome-source.ts';
import type { CreatedInvoice } from './draft.ts';
import { expiresAt } from './expiry.ts';
import { useOpenPaymentPage } from './use-invoices.ts';

type Props = {
  created: CreatedInvoice;
  onLikeThis(): void;
  onNew(): void;
};

/** The created invoice: what to hand the customer (URL, QR code), and what to check it by (ids). */
export function InvoiceResult({ created, onLikeThis, onNew }: Props) {
  const { invoice, receivedAt, paymentPage } = created;
  const open = useOpenPaymentPage();
  // Whether it was paid is told only by callbacks: without a receiver to read them, the screen says so.
  const outcomeSource = useOutcomeSource();
  const expiry = expiresAt(created);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="panel invoice-result" aria-labelledby="invoice-result-title" data-testid="invoice-result">
      <h2 id="invoice-result-title" tabIndex={-1} ref={heading}>
        Invoice {invoice.id} created
      </h2>
      <div className="made-body">
        <dl className="made-facts">
          <dt>Invoice id</dt>
          <dd>
            <CopyableText value={String(invoice.id)} what="invoice id" testId="invoice-id" />
          </dd>
          <dt>Status</dt>
          <dd data-testid="invoice-status">
            {invoiceStatus.read(invoice.status).known ? invoice.status : <UnrecognisedValue what="status" value={invoice.status} />}
          </dd>
          <dt>Foreign id</dt>
          <dd>
            <CopyableText value={invoice.foreign_id} what="foreign id" testId="invoice-foreign-id" />
          </dd>
          <dt>Title</dt>
          <dd>{invoice.title}</dd>
          <dt>Amount</dt>
          <dd>
            <Amount value={invoice.amount} currency={invoice.currency} />
          </dd>
          {invoice.sender_currency && (
            <>
              <dt>Customer pays</dt>
              <dd>
                {invoice.sender_amount ? <Amount value={invoice.sender_amount} currency={invoice.sender_currency} /> : invoice.sender_currency}
              </dd>
            </>
          )}
          <dt>Created</dt>
          <dd>
            <DateTime value={receivedAt} />
          </dd>
          <dt>Expires</dt>
          <dd data-testid="invoice-expiry">
            {expiry === null ? (
              <span className="muted">Never: no timer</span>
            ) : (
              <>
                <Countdown untilMs={expiry} label="Time left before the invoice expires" />{' '}
                <span className="muted">
                  at <DateTime value={expiry} />
                </span>
              </>
            )}
          </dd>
        </dl>
        {paymentPage.allowed ? (
          <figure className="made-qr">
            <QrCode text={invoice.url} label="QR code of the payment URL" testId="payment-qr" />
            <figcaption className="muted">The customer scans this to open the payment page.</figcaption>
          </figure>
        ) : (
          // Main refused the URL (not on the service's own domain): nothing for the customer to scan.
          <p className="form-error payment-url-refused" role="alert" data-testid="payment-url-refused">
            {paymentPage.reason}
          </p>
        )}
      </div>

      <div className="payment-url">
        <span className="payment-url-label" id="payment-url-label">
          Payment URL
        </span>
        <span className="mono break" aria-labelledby="payment-url-label" data-testid="payment-url">
          {invoice.url}
        </span>
        {paymentPage.allowed && (
          <div className="row-actions">
            <CopyButton value={invoice.url} what="payment URL" />
            <button
              type="button"
              className="button button-small"
              disabled={open.isPending}
              onClick={() =>
                open.mutate(invoice.url, {
                  onSuccess: () => announce('Opened the payment page in your browser'),
                  onError: (error) => announce(appErrorOf(error).message),
                })
              }
            >
              Open in browser
            </button>
          </div>
        )}
      </div>
      <FailureAlert error={open.error} />
      <ReceiverNotice source={outcomeSource} what="invoice" />

      <div className="form-actions invoice-actions">
        <button type="button" className="button" onClick={onNew}>
          New blank invoice
        </button>
        <button type="button" className="button button-primary" onClick={onLikeThis}>
          New invoice like this
        </button>
      </div>
    </section>
  );
}
