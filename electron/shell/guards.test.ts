import { describe, expect, it, vi } from 'vitest';
import { currentFakeElectron, FakeWebContents } from './testing/fake-electron.ts';
import type { WebContents } from 'electron';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { denyAllPermissions, guardApp, hardenWebContents } = await import('./guards.ts');

const asElectron = (contents: FakeWebContents) => contents as unknown as WebContents;
const ORIGIN = 'app://renderer';

describe('web contents guards', () => {
  it('blocks navigation to any other origin, on every navigation event', () => {
    const contents = new FakeWebContents();
    hardenWebContents(asElectron(contents), ORIGIN);
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(contents.navigate(event, 'https://evil.example.com/')).toBe(true);
      expect(contents.navigate(event, 'file:///etc/passwd')).toBe(true);
      expect(contents.navigate(event, 'app://other/index.html')).toBe(true);
      expect(contents.navigate(event, 'app://renderer/index.html#/pairs')).toBe(false);
    }
  });

  it('denies every new window and every webview', () => {
    const contents = new FakeWebContents();
    hardenWebContents(asElectron(contents), ORIGIN);
    expect(contents.windowOpenHandler?.({ url: 'app://renderer/index.html' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(contents.navigate('will-attach-webview', 'https://example.com')).toBe(true);
  });

  it('hardens every web contents the app creates, and closes those that are not its own', async () => {
    const fake = currentFakeElectron();
    const ours = new FakeWebContents();
    guardApp({ allowedOrigin: ORIGIN, isOurs: (contents) => contents === asElectron(ours) });
    const stranger = new FakeWebContents('window');
    const devtools = new FakeWebContents('remote');
    for (const contents of [ours, stranger, devtools]) fake.app.emit('web-contents-created', {}, contents);
    await Promise.resolve();
    expect(ours.closed).toBe(false);
    expect(stranger.closed).toBe(true);
    expect(devtools.closed).toBe(false);
    expect(stranger.windowOpenHandler?.({ url: 'x' })).toEqual({ action: 'deny' });
    expect(ours.navigate('will-navigate', 'https://evil.example.com')).toBe(true);
  });

  it('denies every permission request and check', () => {
    const fake = currentFakeElectron();
    denyAllPermissions(fake.module.session.defaultSession as never);
    const answers: boolean[] = [];
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      fake.defaultSession.permissionRequest?.({}, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, false]);
    expect(fake.defaultSession.permissionCheck?.({}, 'media', ORIGIN)).toBe(false);
    expect(fake.defaultSession.devicePermission?.({})).toBe(false);
  });
});
