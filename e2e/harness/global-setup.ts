import { ensureBuilt } from './build.ts';

/** Builds the app once per run with electron-vite (E2E_SKIP_BUILD=1 reuses out/). */
export default async function globalSetup(): Promise<void> {
  await ensureBuilt();
}
