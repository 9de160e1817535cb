import { useMemo } from 'react';
import { qrPath } from './qr.ts';

/** The payment URL as a QR code, black on white in both themes (scanners want dark on light). */
export function PaymentQr({ url }: { url: string }) {
  const { size, d } = useMemo(() => qrPath(url), [url]);
  return (
    <svg
      className="payment-qr"
      role="img"
      aria-label="QR code of the payment URL"
      data-testid="payment-qr"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
