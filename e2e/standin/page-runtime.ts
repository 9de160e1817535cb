import { decodeFromWire, encodeForWire } from './wire.ts';

/**
 * The init script every window's page runs before any of its own scripts (page.addInitScript):
 * the renderer half of the stand-in. It takes the IPC pipe (a Playwright binding) away from the
 * page, routes the clipboard's permission requests to main, and runs the real preload bundle the
 * way Electron runs a sandboxed preload.
 *
 * - Sandboxed preload (lib/sandboxed_renderer/preload.ts, runPreloadScript): the script's body
 *   becomes a function of (require, process, exports, module, Buffer, global, setImmediate,
 *   clearImmediate); `require` knows only Electron's renderer modules (docs/tutorial/sandbox.md).
 *   It runs in the main frame only, unless nodeIntegrationInSubFrames is set (docs/api/structures/
 *   web-preferences.md). A throw is caught and logged as "Unable to load preload script: <path>".
 * - contextBridge.exposeInMainWorld (shell/renderer/api/electron_api_context_bridge.cc): the value
 *   is copied across (functions proxied, their arguments and results copied each call; promises
 *   proxied; plain objects and arrays rebuilt; other values structured-cloned), deep-frozen, and
 *   defined read-only and non-deletable on window; an existing key is refused.
 * - ipcRenderer.invoke (lib/renderer/api/ipc-renderer.ts): arguments structured-cloned; a handler's
 *   throw arrives as Error("Error invoking remote method '<channel>': <error>").
 *
 * Not modelled: the isolated world itself. The preload runs in the page's own world, in a closure
 * no page script can reach; but a page that changes built-in prototypes before calling the bridge
 * would reach the preload's code, which in Electron lives in a world of its own.
 */

export type PageRuntimeConfig = {
  binding: string;
  nonce: string;
  preloadPath: string | null;
  runInSubframes: boolean;
  contextIsolation: boolean;
  platform: string;
  arch: string;
};

export function initScript(config: PageRuntimeConfig, preloadSource: string | null): string {
  const preload = preloadSource === null ? 'null' : `function (require, process, exports, module, Buffer, global, setImmediate, clearImmediate) {\n${preloadSource}\n}`;
  return `(${pageRuntime.toString()})(${JSON.stringify(config)}, ${encodeForWire.toString()}, ${decodeFromWire.toString()}, ${preload});`;
}

type Pipe = (kind: string, ...args: unknown[]) => Promise<unknown>;
type AnyFunction = (...args: unknown[]) => unknown;
type PreloadFunction = (...args: unknown[]) => void;
type PageGlobal = Record<string, unknown> & {
  top: unknown;
  document: { hasFocus(): boolean };
  Clipboard?: { prototype: Record<string, unknown> };
  Element?: new () => object;
  Blob?: new () => object;
};

/** Runs in the page (as source text): it may use nothing but its parameters and the page's globals. */
function pageRuntime(config: PageRuntimeConfig, encode: (value: unknown) => string, decode: (text: string) => unknown, preload: PreloadFunction | null): void {
  const page = globalThis as unknown as PageGlobal;
  const binding = page[config.binding] as ((nonce: string, kind: string, ...args: unknown[]) => Promise<unknown>) | undefined;
  // The pipe to main belongs to the stand-in, not to the page: taken before any page script runs.
  delete page[config.binding];
  if (typeof binding !== 'function') return;
  const pipe: Pipe = (kind, ...args) => binding(config.nonce, kind, ...args);
  const isMainFrame = page.top === page;

  // Chromium asks the embedder's permission manager before a clipboard call goes ahead; here main's
  // handler is asked through the pipe, which sets Chromium's permission from its answer, and
  // Chromium then acts (or refuses) itself. Unfocused, Chromium refuses before asking anyone
  // (ClipboardPromise::ValidatePreconditions).
  const clipboard = page.Clipboard?.prototype;
  if (clipboard) {
    const customFormats = (items: unknown) =>
      Array.isArray(items) && items.some((item: { types?: string[] }) => (item?.types ?? []).some((type) => type.startsWith('web ')));
    const permissionOf: Record<string, (first: unknown) => string> = {
      writeText: () => 'clipboard-sanitized-write',
      write: (items) => (customFormats(items) ? 'clipboard-read' : 'clipboard-sanitized-write'),
      readText: () => 'clipboard-read',
      read: () => 'clipboard-read',
    };
    for (const [method, permission] of Object.entries(permissionOf)) {
      const original = clipboard[method] as AnyFunction | undefined;
      if (typeof original !== 'function') continue;
      const routed = {
        async [method](this: unknown, ...args: unknown[]) {
          if (!page.document.hasFocus()) return original.apply(this, args);
          const name = permission(args[0]);
          await pipe('permission', name);
          try {
            return await original.apply(this, args);
          } finally {
            void pipe('permission-done', name);
          }
        },
      }[method];
      Object.defineProperty(clipboard, method, { value: routed, writable: true, configurable: true, enumerable: true });
    }
  }

  if (!preload || (!isMainFrame && !config.runInSubframes)) return;

  const notModelled = (what: string) => () => {
    throw new Error(`The Electron stand-in does not model ${what}`);
  };
  const ipcRenderer = Object.freeze({
    async invoke(channel: unknown, ...args: unknown[]) {
      if (typeof channel !== 'string') throw new TypeError('Error processing argument at index 0, conversion failure');
      const wire = encode(structuredClone(args));
      const reply = decode((await pipe('invoke', channel, wire)) as string) as { result?: unknown; error?: string };
      if (reply.error !== undefined) throw new Error(`Error invoking remote method '${channel}': ${reply.error}`);
      return reply.result;
    },
    send: notModelled('ipcRenderer.send'),
    sendSync: notModelled('ipcRenderer.sendSync'),
    on: notModelled('ipcRenderer.on'),
    once: notModelled('ipcRenderer.once'),
    postMessage: notModelled('ipcRenderer.postMessage'),
  });

  const isPlainObject = (value: object) => {
    const prototype = Object.getPrototypeOf(value);
    return prototype === Object.prototype || prototype === null;
  };
  const isReference = (value: object) => (page.Element && value instanceof page.Element) || (page.Blob && value instanceof page.Blob);
  const pass = (value: unknown, receiver: unknown, depth: number, cache: Map<unknown, unknown>): unknown => {
    if (depth >= 1000) throw new TypeError('Electron contextBridge recursion depth exceeded.  Nested objects deeper than 1000 are not supported.');
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    if (cache.has(value)) return cache.get(value);
    // Since Electron 29 the whole ipcRenderer crosses as an empty object (docs/api/context-bridge.md).
    if (value === ipcRenderer) return {};
    if (typeof value === 'function') {
      const target = value as AnyFunction;
      const proxy = function (...args: unknown[]) {
        const copied = args.map((arg) => pass(arg, undefined, 0, new Map()));
        let result: unknown;
        try {
          result = target.apply(receiver, copied);
        } catch (error) {
          throw pass(error, undefined, 0, new Map());
        }
        return pass(result, undefined, 0, new Map());
      };
      cache.set(value, proxy);
      return proxy;
    }
    if (value instanceof Promise) {
      return new Promise((resolve, reject) =>
        value.then(
          (result) => resolve(pass(result, undefined, 0, new Map())),
          (error) => reject(pass(error, undefined, 0, new Map())),
        ),
      );
    }
    if (Array.isArray(value)) {
      const copy: unknown[] = [];
      cache.set(value, copy);
      for (const item of value) copy.push(pass(item, value, depth + 1, cache));
      return copy;
    }
    if (isReference(value)) return value;
    if (isPlainObject(value)) {
      const copy: Record<string, unknown> = {};
      cache.set(value, copy);
      for (const key of Object.keys(value)) copy[key] = pass((value as Record<string, unknown>)[key], value, depth + 1, cache);
      return copy;
    }
    const clone = structuredClone(value);
    cache.set(value, clone);
    return clone;
  };
  const deepFreeze = (value: object, seen: Set<object>) => {
    if (seen.has(value) || ArrayBuffer.isView(value)) return;
    seen.add(value);
    for (const key of Object.getOwnPropertyNames(value)) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== null && (typeof child === 'object' || typeof child === 'function')) deepFreeze(child, seen);
    }
    Object.freeze(value);
  };
  const contextBridge = Object.freeze({
    exposeInMainWorld(key: string, api: unknown) {
      if (!config.contextIsolation) throw new Error('contextBridge API can only be used when contextIsolation is enabled');
      if (key in page) throw new Error('Cannot bind an API on top of an existing property on the window object');
      const value = pass(api, page, 0, new Map());
      if (value !== null && (typeof value === 'object' || typeof value === 'function')) deepFreeze(value, new Set());
      Object.defineProperty(page, key, { value, writable: false, configurable: false, enumerable: true });
    },
    exposeInIsolatedWorld: notModelled('contextBridge.exposeInIsolatedWorld'),
    executeInMainWorld: notModelled('contextBridge.executeInMainWorld'),
  });

  const electron = Object.freeze({ contextBridge, ipcRenderer });
  const require = (name: string) => {
    if (name === 'electron' || name === 'electron/common' || name === 'electron/renderer') return electron;
    throw new Error(`module not found: ${name}`);
  };
  const process = { type: 'renderer', sandboxed: true, contextIsolated: config.contextIsolation, platform: config.platform, arch: config.arch, env: {} };
  const module = { exports: {} };
  try {
    preload.call(undefined, require, process, module.exports, module, undefined, page, undefined, undefined);
  } catch (error) {
    console.error(`Unable to load preload script: ${config.preloadPath}`);
    console.error(error);
  }
}
