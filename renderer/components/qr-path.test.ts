import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrPath } from './qr-path.ts';

describe('a QR code', () => {
  it('draws the modules inside a quiet zone, with the finder pattern in the corners', () => {
    const { size, d } = qrPath('https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ');
    // Version 3 (29 modules) or more for a URL this long, plus 4 modules of quiet zone on each side.
    expect(size).toBeGreaterThanOrEqual(29 + 2 * QUIET_ZONE);
    expect((size - 2 * QUIET_ZONE - 17) % 4).toBe(0);
    const top = QUIET_ZONE;
    const far = size - QUIET_ZONE - 1;
    for (const [x, y] of [[top, top], [far, top], [top, far]]) expect(d).toContain(`M${x} ${y}h1v1h-1z`);
    expect(d).not.toContain(`M${far} ${far}h1v1h-1z`); // no finder bottom right
    expect(d).not.toMatch(/M[0-3] /); // nothing in the quiet zone
  });

  it('differs for different URLs and is the same for the same one', () => {
    expect(qrPath('https://a.example.com/pay/1').d).toBe(qrPath('https://a.example.com/pay/1').d);
    expect(qrPath('https://a.example.com/pay/1').d).not.toBe(qrPath('https://a.example.com/pay/2').d);
  });
});
