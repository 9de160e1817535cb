/**
 * The running stand-ins of this process, by id. A module loaded with `?standin=<id>` in its URL
 * gets that stand-in as its `electron` module (loader.ts, electron-module.ts), so several apps
 * (one per test) can run one after another in one test worker, each with its own `electron`.
 */

export type ElectronModule = Record<string, unknown>;

const running = new Map<string, ElectronModule>();
let nextId = 1;

export function register(module: ElectronModule): string {
  const id = `${process.pid}-${nextId++}`;
  running.set(id, module);
  return id;
}

export function unregister(id: string): void {
  running.delete(id);
}

/** The stand-in `electron` module for the module URL that imports it (its ?standin=<id>). */
export function electronFor(moduleUrl: string): ElectronModule {
  const id = new URL(moduleUrl).searchParams.get('standin');
  const module = id === null ? undefined : running.get(id);
  if (!module) throw new Error(`No Electron stand-in is running for ${moduleUrl}`);
  return module;
}

/** The URL that imports `modulePath` as a module of stand-in `id`: a fresh instance per id. */
export function standinModuleUrl(moduleUrl: string, id: string): string {
  const url = new URL(moduleUrl);
  url.searchParams.set('standin', id);
  return url.href;
}
