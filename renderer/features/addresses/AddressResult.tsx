import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyableText } from '../../components/CopyableText.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { SPACE } from '../../components/locale.ts';
import { AddressDeposits } from './AddressDeposits.tsx';
import { addressCode } from './address-uri.ts';
import type { TakenAddress } from './draft.ts';

type Props = {
  taken: TakenAddress;
  onNew(): void;
};

/**
 * The deposit address to hand the customer: the address with Copy, its QR code (the address in its
 * currency's URI form, no amount), and, where the currency needs one, the tag or memo, as large as
 * the address, with the warning that a payment without it is lost (docs/service-interface.md,
 * "addresses/take"). The code is an image to scan. An address that does not look like one of its
 * currency gets no code: it is shown as received, flagged, and why. Below, the deposits into it
 * (AddressDeposits.tsx).
 */
export function AddressResult({ taken, onNew }: Props) {
  const { address, receivedAt } = taken;
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const tag = address.tag ?? null;
  const code = addressCode(address.currency, address.address, tag);
  // What arrives at it is told only by callbacks: without a receiver to read them, the screen says so.

  return (
    <section className="panel address-result" aria-labelledby="address-result-title" data-testid="address-result">
      <h2 id="address-result-title" tabIndex={-1} ref={heading}>
        <FormattedMessage id="addresses.result.heading" values={{ currency: address.currency, reference: taken.request.end_user_reference }} />
      </h2>
      <div className="made-body">
        <div className="address-payable">
          <div className="address-big">
            <span className="address-big-label">
              <FormattedMessage id="addresses.result.address" />
            </span>
            {code.form === 'none' ? (
              // As received, not offered for copying: it is not to be handed on until the service confirms it.
              <span className="mono amount-odd" data-testid="deposit-address-unchecked">
                {address.address}
                {SPACE}
                <span className="muted">
                  <FormattedMessage id="addresses.result.looksWrong" />
                </span>
              </span>
            ) : (
              <CopyableText value={address.address} what={intl.formatMessage({ id: 'addresses.result.addressWhat' })} testId="deposit-address" />
            )}
          </div>
          {tag !== null && (
            <div className="address-big address-tag" data-testid="deposit-tag-block">
              <span className="address-big-label">
                <FormattedMessage id="addresses.result.tag" />
              </span>
              <CopyableText value={tag} what={intl.formatMessage({ id: 'addresses.result.tagWhat' })} testId="deposit-tag" />
              <p className="address-tag-warning" role="note">
                <FormattedMessage id="addresses.result.tagWarning" />
              </p>
            </div>
          )}
        </div>
        {code.form === 'none' ? (
          <p className="address-tag-warning" role="alert" data-testid="address-unchecked">
            <FormattedMessage id="addresses.result.unchecked" values={{ currency: address.currency }} />
          </p>
        ) : (
          <figure className="made-qr">
            <QrCode text={code.text} label={intl.formatMessage({ id: 'addresses.result.qrLabel' }, { currency: address.currency })} testId="address-qr" />
            <figcaption className="muted" data-testid="address-qr-caption">
              {code.form === 'uri' ? (
                <FormattedMessage
                  id={tag !== null && code.text.includes('?') ? 'addresses.result.qrUriWithTag' : 'addresses.result.qrUri'}
                  values={{ scheme: code.scheme }}
                />
              ) : (
                <FormattedMessage id="addresses.result.qrBare" values={{ currency: address.currency }} />
              )}
            </figcaption>
          </figure>
        )}
      </div>
      <dl className="made-facts">
        <dt>
          <FormattedMessage id="addresses.result.currency" />
        </dt>
        <dd data-testid="deposit-currency">{address.currency}</dd>
        <dt>
          <FormattedMessage id="addresses.result.convertTo" />
        </dt>
        <dd data-testid="deposit-convert-to">
          {address.convert_to ? (
            address.convert_to
          ) : (
            <span className="muted">
              <FormattedMessage id="addresses.result.notConverted" />
            </span>
          )}
        </dd>
        <dt>
          <FormattedMessage id="addresses.result.foreignId" />
        </dt>
        <dd>
          <CopyableText value={address.foreign_id} what={intl.formatMessage({ id: 'addresses.result.foreignIdWhat' })} testId="deposit-foreign-id" />
        </dd>
        <dt>
          <FormattedMessage id="addresses.result.addressId" />
        </dt>
        <dd data-testid="deposit-id">{address.id}</dd>
        <dt>
          <FormattedMessage id="addresses.result.received" />
        </dt>
        <dd>
          <DateTime value={receivedAt} />
        </dd>
      </dl>
      <AddressDeposits taken={taken} />
      <p className="muted">
        <FormattedMessage id="addresses.result.forGood" />
      </p>
      <div className="form-actions submission-actions">
        <button type="button" className="button button-primary" onClick={onNew}>
          <FormattedMessage id="addresses.result.new" />
        </button>
      </div>
    </section>
  );
}
