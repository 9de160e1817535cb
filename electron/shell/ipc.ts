import { ipcMain } from 'electron';
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../../shared/ipc/contract.ts';
import type { Router } from '../platform/router/index.ts';
import { isSameOrigin } from './origin.ts';

/**
 * As VS Code's validatedIpcMain: only the main frame of our own window, showing our own origin,
 * may call. A subframe, another window or a page that navigated elsewhere is refused.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow | null, allowedOrigin: string): boolean {
  if (!window || window.isDestroyed()) return false;
  const frame = event.senderFrame;
  const main = window.webContents.mainFrame;
  if (!frame || event.sender !== window.webContents) return false;
  if (frame.parent !== null || frame.processId !== main.processId || frame.routingId !== main.routingId) return false;
  return isSameOrigin(frame.url, allowedOrigin);
}

/** One ipcMain handler per contract channel, each answering an Envelope (a refusal too, worded by the router). */
export function registerIpc(router: Router, isTrusted: (event: IpcMainInvokeEvent) => boolean): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      isTrusted(event) ? router.handle(channel, payload, { via: 'ipc' }) : router.refuseSender(),
    );
  }
}
