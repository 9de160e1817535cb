import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../../shared/ipc/contract.ts';
import type { Router } from '../platform/router/router.ts';
import { currentFakeElectron, FakeFrame, FakeWebContents } from './testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { isTrustedSender, registerIpc } = await import('./ipc.ts');

const ORIGIN = 'app://renderer';

function ourWindow() {
  const webContents = new FakeWebContents('window', 'app://renderer/index.html');
  return { webContents, window: { webContents, isDestroyed: () => false } as unknown as BrowserWindow };
}
const eventFrom = (sender: FakeWebContents, frame: FakeFrame | null) => ({ sender, senderFrame: frame }) as unknown as IpcMainInvokeEvent;

describe('IPC registration', () => {
  it('registers a handler for every contract channel, and refuses untrusted senders', async () => {
    const fake = currentFakeElectron();
    const calls: unknown[] = [];
    const refusal = { ok: false, error: { kind: 'forbidden_sender', message: 'This request did not come from the app window and was refused.' } } as const;
    const router: Router = { handle: async (channel, payload) => (calls.push([channel, payload]), { ok: true, value: channel }), refuseSender: () => refusal };
    let trusted = false;
    registerIpc(router, () => trusted);
    expect([...fake.ipcHandlers.keys()].sort()).toEqual([...CHANNELS].sort());

    const handler = fake.ipcHandlers.get('app.info');
    expect(await handler?.({}, {})).toEqual(refusal);
    expect(calls).toEqual([]);
    trusted = true;
    expect(await handler?.({}, { a: 1 })).toEqual({ ok: true, value: 'app.info' });
    expect(calls).toEqual([['app.info', { a: 1 }]]);
  });
});

describe('trusted sender', () => {
  it('accepts the main frame of our window on our origin', () => {
    const { webContents, window } = ourWindow();
    expect(isTrustedSender(eventFrom(webContents, webContents.mainFrame), window, ORIGIN)).toBe(true);
  });

  it('refuses a subframe, even one on our origin', () => {
    const { webContents, window } = ourWindow();
    const child = new FakeFrame('app://renderer/index.html', { parent: webContents.mainFrame, processId: webContents.mainFrame.processId, routingId: 7 });
    expect(isTrustedSender(eventFrom(webContents, child), window, ORIGIN)).toBe(false);
  });

  it('refuses our main frame once it shows another origin', () => {
    const { webContents, window } = ourWindow();
    for (const url of ['https://evil.example.com/', 'file:///tmp/x.html', 'app://other/index.html', 'about:blank']) {
      webContents.mainFrame.url = url;
      expect(isTrustedSender(eventFrom(webContents, webContents.mainFrame), window, ORIGIN)).toBe(false);
    }
  });

  it('refuses another web contents, a missing frame and a closed window', () => {
    const { webContents, window } = ourWindow();
    const other = new FakeWebContents('window', 'app://renderer/index.html');
    expect(isTrustedSender(eventFrom(other, other.mainFrame), window, ORIGIN)).toBe(false);
    expect(isTrustedSender(eventFrom(webContents, null), window, ORIGIN)).toBe(false);
    expect(isTrustedSender(eventFrom(webContents, webContents.mainFrame), null, ORIGIN)).toBe(false);
    const closed = { webContents, isDestroyed: () => true } as unknown as BrowserWindow;
    expect(isTrustedSender(eventFrom(webContents, webContents.mainFrame), closed, ORIGIN)).toBe(false);
  });
});
