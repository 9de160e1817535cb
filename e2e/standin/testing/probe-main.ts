import { app, BrowserWindow, ipcMain, protocol } from 'electron';
import type { BrowserWindow as ElectronWindow, IpcMainInvokeEvent } from 'electron';
import type { Router } from '../../../electron/platform/router/router.ts';
import type * as IpcModule from '../../../electron/shell/ipc.ts';

/**
 * A small main process for the stand-in's own tests (standin.spec.ts), for what the app's page
 * cannot show: its CSP forbids frames, and its preload only knows the contract's channels. Its
 * IPC check is the app's own electron/shell/ipc.ts, imported as a module of this stand-in (the
 * ?standin= of this file's URL), so `electron` in it is this stand-in too. The preload is the file
 * STANDIN_PROBE_PRELOAD names: the app's built preload, or probe-preload.cjs.
 */

const standin = new URL(import.meta.url).searchParams.get('standin');
const ipcModule = (await import(`${new URL('../../../electron/shell/ipc.ts', import.meta.url).href}?standin=${standin}`)) as typeof IpcModule;

const PAGES: Record<string, string> = {
  '/index.html': '<!doctype html><title>Probe</title><iframe name="child" src="/frame.html"></iframe>',
  '/frame.html': '<!doctype html><title>Child frame</title>',
};

/** What main received, in words: the types a structured clone keeps and JSON would lose. */
function shapeOf(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Object.is(value, -0)) return '-0';
  if (typeof value === 'bigint') return `bigint ${value}`;
  if (value instanceof Map) return `Map ${JSON.stringify([...value])}`;
  if (value instanceof Set) return `Set ${JSON.stringify([...value])}`;
  if (value instanceof Date) return `Date ${value.toISOString()}`;
  if (value instanceof Uint8Array) return `Uint8Array ${[...value].join(',')}`;
  if (value && typeof value === 'object' && (value as { self?: unknown }).self === value) return 'cyclic';
  return JSON.stringify(value);
}

protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true } }]);

let window: ElectronWindow | null = null;

app.on('window-all-closed', () => app.quit());
// Not a top-level await: Electron emits 'ready' only after main's module has finished loading.
void app.whenReady().then(async () => {
  protocol.handle('app', (request) => {
    const page = PAGES[new URL(request.url).pathname];
    return page ? new Response(page, { headers: { 'content-type': 'text/html' } }) : new Response('Not found', { status: 404 });
  });
  const router: Router = {
    handle: async (channel) => ({ ok: true, value: `main answered ${String(channel)}` }),
    // The app's router words the refusal from the catalogues (platform/router); the probe answers its English.
    refuseSender: () => ({ ok: false, error: { kind: 'forbidden_sender', message: 'This request did not come from the app window and was refused.' } }),
  };
  ipcModule.registerIpc(router, (event) => ipcModule.isTrustedSender(event, window, 'app://renderer'));
  ipcMain.handle('probe.shapes', (_event: IpcMainInvokeEvent, ...args: unknown[]) => args.map((arg) => shapeOf(arg)));
  ipcMain.handle('probe.throws', () => {
    throw new Error('boom');
  });
  window = new BrowserWindow({
    webPreferences: { preload: process.env.STANDIN_PROBE_PRELOAD, contextIsolation: true, sandbox: true, nodeIntegrationInSubFrames: true },
  });
  await window.loadURL('app://renderer/index.html');
});
