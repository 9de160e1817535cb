import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import type { ToldByCallbacks } from '../../components/outcomes/receiver-notice-words.ts';
import { SPACE } from '../../components/locale.ts';
import type { CreatedInvoice } from './draft.ts';
import { expiresAt } from './expiry.ts';
import { useOpenPaymentPage } from './use-invoices.ts';

/** What the receiver notice is about: a code the shared notice words, not a word of this screen. */
const TOLD: ToldByCallbacks = 'invoice';

type Props = {
  created: CreatedInvoice;
  onLikeThis(): void;
  onNew(): void;
};

/** The created invoice: what to hand the customer (URL, QR code), and what to check it by (ids). */
export function InvoiceResult({ created, onLikeThis, onNew }: Props) {
  const { invoice, receivedAt, paymentPage } = created;
  const intl = useIntl();
  const open = useOpenPaymentPage();
  // Whether it was paid is told only by callbacks: without a receiver to read them, the screen says so.
  const outcomeSource = useOutcomeSource();
  const expiry = expiresAt(created);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="panel invoice-result" aria-labelledby="invoice-result-title" data-testid="invoice-result">
      <h2 id="invoice-result-title" tabIndex={-1} ref={heading}>
        <FormattedMessage id="invoices.result.heading" values={{ id: invoice.id }} />
      </h2>
      <div className="made-body">
        <dl className="made-facts">
          <dt>
            <FormattedMessage id="invoices.result.id" />
          </dt>
          <dd>
            <CopyableText value={String(invoice.id)} what={intl.formatMessage({ id: 'invoices.result.idWhat' })} testId="invoice-id" />
          </dd>
          <dt>
            <FormattedMessage id="invoices.result.status" />
          </dt>
          <dd data-testid="invoice-status">
            {invoiceStatus.read(invoice.status).known ? invoice.status : <UnrecognisedValue what={intl.formatMessage({ id: 'invoices.result.statusWhat' })} value={invoice.status} />}
          </dd>
          <dt>
            <FormattedMessage id="invoices.result.foreignId" />
          </dt>
          <dd>
            <CopyableText value={invoice.foreign_id} what={intl.formatMessage({ id: 'invoices.result.foreignIdWhat' })} testId="invoice-foreign-id" />
          </dd>
          <dt>
            <FormattedMessage id="invoices.result.title" />
          </dt>
          <dd>{invoice.title}</dd>
          <dt>
            <FormattedMessage id="invoices.result.amount" />
          </dt>
          <dd>
            <Amount value={invoice.amount} currency={invoice.currency} />
          </dd>
          {invoice.sender_currency && (
            <>
              <dt>
            <FormattedMessage id="invoices.result.customerPays" />
          </dt>
              <dd>
                {invoice.sender_amount ? <Amount value={invoice.sender_amount} currency={invoice.sender_currency} /> : invoice.sender_currency}
              </dd>
            </>
          )}
          <dt>
            <FormattedMessage id="invoices.result.created" />
          </dt>
          <dd>
            <DateTime value={receivedAt} />
          </dd>
          <dt>
            <FormattedMessage id="invoices.result.expires" />
          </dt>
          <dd data-testid="invoice-expiry">
            {expiry === null ? (
              <span className="muted">
                <FormattedMessage id="invoices.result.never" />
              </span>
            ) : (
              <>
                <Countdown untilMs={expiry} label={intl.formatMessage({ id: 'invoices.result.timeLeft' })} />
                {SPACE}
                <span className="muted">
                  <FormattedMessage id="invoices.result.at" values={{ time: <DateTime value={expiry} /> }} />
                </span>
              </>
            )}
          </dd>
        </dl>
        {paymentPage.allowed ? (
          <figure className="made-qr">
            <QrCode text={invoice.url} label={intl.formatMessage({ id: 'invoices.result.qr' })} testId="payment-qr" />
            <figcaption className="muted">
              <FormattedMessage id="invoices.result.qrCaption" />
            </figcaption>
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
          <FormattedMessage id="invoices.result.paymentUrl" />
        </span>
        <span className="mono break" aria-labelledby="payment-url-label" data-testid="payment-url">
          {invoice.url}
        </span>
        {paymentPage.allowed && (
          <div className="row-actions">
            <CopyButton value={invoice.url} what={intl.formatMessage({ id: 'invoices.result.paymentUrlWhat' })} />
            <button
              type="button"
              className="button button-small"
              disabled={open.isPending}
              onClick={() =>
                open.mutate(invoice.url, {
                  onSuccess: () => announce(intl.formatMessage({ id: 'invoices.result.opened' })),
                  onError: (error) => announce(appErrorOf(error).message),
                })
              }
            >
              <FormattedMessage id="invoices.result.open" />
            </button>
          </div>
        )}
      </div>
      <FailureAlert error={open.error} />
      <ReceiverNotice source={outcomeSource} what={TOLD} />

      <div className="form-actions invoice-actions">
        <button type="button" className="button" onClick={onNew}>
          <FormattedMessage id="invoices.result.newBlank" />
        </button>
        <button type="button" className="button button-primary" onClick={onLikeThis}>
          <FormattedMessage id="invoices.result.likeThis" />
        </button>
      </div>
    </section>
  );
}
