import { resolve } from 'node:path';
import { buildApp } from '../../scripts/build/app.ts';
import { findElectronBinary } from './binary.ts';

/** Builds the app with electron-vite (the artifact that ships), only when there is an Electron to run it. */
export default async function globalSetup(): Promise<void> {
  if (!findElectronBinary().found || process.env.E2E_SKIP_BUILD === '1') return;
  await buildApp({ root: resolve(import.meta.dirname, '../..'), quiet: true });
}
