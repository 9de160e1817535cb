/**
 * The `_electron` suite finds Electron's binary through the electron package itself (its index.js,
 * asked with downloads refused: scripts/electron/binary.ts), as `npm start` does, so the suite runs
 * wherever `npm start` would, and where it cannot, the skip message says what is missing and why
 * (for example the failed download of `npm ci`, with its cause).
 */
export { findElectronBinary } from '../../scripts/electron/binary.ts';
export type { ElectronBinary } from '../../scripts/electron/binary.ts';
