import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';

/**
 * Builds only the renderer into out/renderer, with the renderer section of electron.vite.config.ts
 * (one source of truth). `electron-vite build` would also build main and preload, which the browser
 * harness does not need; plain Vite builds the renderer section as it is.
 */

export const ROOT = resolve(import.meta.dirname, '../..');
/** E2E_RENDERER_OUT lets two e2e runs on one machine keep separate builds. */
export const RENDERER_OUT = resolve(ROOT, process.env.E2E_RENDERER_OUT ?? 'out/renderer');

type RendererConfig = Record<string, unknown> & { build?: Record<string, unknown> };

async function rendererConfig(): Promise<RendererConfig> {
  const module = (await import('../../electron.vite.config.ts')) as { default: unknown };
  const config = typeof module.default === 'function' ? await module.default({ command: 'build', mode: 'production' }) : module.default;
  const renderer = (config as { renderer?: RendererConfig }).renderer;
  if (!renderer) throw new Error('electron.vite.config.ts has no renderer section');
  return renderer;
}

export async function buildRenderer(options: { quiet?: boolean } = {}): Promise<string> {
  const renderer = await rendererConfig();
  await build({
    ...renderer,
    configFile: false,
    logLevel: options.quiet ? 'warn' : 'info',
    build: { ...renderer.build, outDir: RENDERER_OUT, emptyOutDir: true },
  });
  if (!existsSync(resolve(RENDERER_OUT, 'index.html'))) throw new Error(`The build left no ${RENDERER_OUT}/index.html`);
  return RENDERER_OUT;
}

/** E2E_SKIP_BUILD=1 reuses an existing build (quicker when only specs changed). */
export async function ensureRenderer(): Promise<string> {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(resolve(RENDERER_OUT, 'index.html'))) return RENDERER_OUT;
  return buildRenderer({ quiet: true });
}

if (import.meta.main) await buildRenderer();
