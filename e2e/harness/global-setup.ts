import { ensureRenderer } from './build.ts';

/** Builds the renderer once per run (E2E_SKIP_BUILD=1 reuses out/renderer). */
export default async function globalSetup(): Promise<void> {
  await ensureRenderer();
}
