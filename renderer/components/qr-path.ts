import { create } from 'qrcode';

/**
 * A QR code as one SVG path of 1x1 squares, drawn by React: no canvas, no innerHTML, nothing the
 * Content-Security-Policy (electron/shell/csp.ts) has to allow. `size` includes the 4-module quiet
 * zone that scanners need around the code.
 */
export const QUIET_ZONE = 4;

export function qrPath(text: string): { size: number; d: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, d: parts.join('') };
}
