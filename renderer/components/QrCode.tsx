import { useMemo } from 'react';
import { qrPath } from './qr-path.ts';
import './qr-code.css';

type Props = {
  /** What the code holds: a payment URL, a deposit address's URI. */
  text: string;
  /** What a screen reader says it is ("QR code of the payment URL"). */
  label: string;
  testId: string;
};

/**
 * A QR code, black on white in both themes (scanners want dark on light). An image only: a person
 * scans it with a phone; nothing here opens anything.
 */
export function QrCode({ text, label, testId }: Props) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} data-testid={testId} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
