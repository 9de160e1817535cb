import { useEffect, useRef } from 'react';
import { CopyableText } from '../../components/CopyableText.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { QrCode } from '../../components/QrCode.tsx';
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const tag = address.tag ?? null;
  const code = addressCode(address.currency, address.address, tag);
  // What arrives at it is told only by callbacks: without a receiver to read them, the screen says so.

  return (
    <section className="panel address-result" aria-labelledby="address-result-title" data-testid="address-result">
      <h2 id="address-result-title" tabIndex={-1} ref={heading}>
        {address.currency} deposit address for {taken.request.end_user_reference}
      </h2>
      <div className="made-body">
        <div className="address-payable">
          <div className="address-big">
            <span className="address-big-label">Address</span>
            {code.form === 'none' ? (
              // As received, not offered for copying: it is not to be handed on until the service confirms it.
              <span className="mono amount-odd" data-testid="deposit-address-unchecked">
                {address.address} <span className="muted">(looks wrong)</span>
              </span>
            ) : (
              <CopyableText value={address.address} what="deposit address" testId="deposit-address" />
            )}
          </div>
          {tag !== null && (
            <div className="address-big address-tag" data-testid="deposit-tag-block">
              <span className="address-big-label">Tag / memo</span>
              <CopyableText value={tag} what="tag" testId="deposit-tag" />
              <p className="address-tag-warning" role="note">
                Every payment to this address must carry this tag. A payment without it is lost: give the customer both,
                together.
              </p>
            </div>
          )}
        </div>
        {code.form === 'none' ? (
          <p className="address-tag-warning" role="alert" data-testid="address-unchecked">
            {code.reason}
          </p>
        ) : (
          <figure className="made-qr">
            <QrCode text={code.text} label={`QR code of the ${address.currency} deposit address`} testId="address-qr" />
            <figcaption className="muted" data-testid="address-qr-caption">
              {code.form === 'uri'
                ? `The address in its URI form, ${code.scheme}:…${tag !== null && code.text.includes('?') ? ' with its tag' : ''}, with no amount: the customer scans it and pays any amount.`
                : `The bare address, with no amount: in the wallet the customer chooses ${address.currency} and scans it.`}
            </figcaption>
          </figure>
        )}
      </div>
      <dl className="made-facts">
        <dt>Currency</dt>
        <dd data-testid="deposit-currency">{address.currency}</dd>
        <dt>Converted on arrival to</dt>
        <dd data-testid="deposit-convert-to">{address.convert_to ? address.convert_to : <span className="muted">nothing: kept as it arrives</span>}</dd>
        <dt>Foreign id</dt>
        <dd>
          <CopyableText value={address.foreign_id} what="foreign id" testId="deposit-foreign-id" />
        </dd>
        <dt>Address id</dt>
        <dd data-testid="deposit-id">{address.id}</dd>
        <dt>Received</dt>
        <dd>
          <DateTime value={receivedAt} />
        </dd>
      </dl>
      <AddressDeposits taken={taken} />
      <p className="muted">
        The address is this customer&apos;s for good: every payment into it is credited to the merchant, under this
        customer&apos;s reference. It is in History, without the sender&apos;s personal data.
      </p>
      <div className="form-actions submission-actions">
        <button type="button" className="button button-primary" onClick={onNew}>
          New deposit address
        </button>
      </div>
    </section>
  );
}
