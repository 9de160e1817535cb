import { describe, expect, it, vi } from 'vitest';
import { currentFakeElectron, FakeWebContents } from './testing/fake-electron.ts';
import type { WebContents } from 'electron';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { guardApp, hardenWebContents, permitOnlyCopying } = await import('./guards.ts');

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

  const permissionRequest = () => {
    const fake = currentFakeElectron();
    const ours = new FakeWebContents();
    permitOnlyCopying(fake.module.session.defaultSession as never, { allowedOrigin: ORIGIN, isOurs: (contents) => contents === asElectron(ours) });
    const handler = fake.defaultSession.permissionRequest as unknown as (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string; isMainFrame: boolean },
    ) => void;
    const ask = (permission: string, details: { requestingUrl: string; isMainFrame: boolean }, contents: FakeWebContents = ours) => {
      let answer: boolean | null = null;
      handler(contents, permission, (granted) => (answer = granted), details);
      return answer;
    };
    return { fake, ours, ask };
  };
  const MAIN_FRAME = { requestingUrl: 'app://renderer/index.html#/history', isMainFrame: true };

  it("grants copying (clipboard-sanitized-write) to our window's main frame on our origin", () => {
    const { ask } = permissionRequest();
    expect(ask('clipboard-sanitized-write', MAIN_FRAME)).toBe(true);
  });

  it('refuses copying to a subframe, another origin and another web contents', () => {
    const { ask } = permissionRequest();
    expect(ask('clipboard-sanitized-write', { ...MAIN_FRAME, isMainFrame: false })).toBe(false);
    for (const requestingUrl of ['https://evil.example.com/', 'app://other/index.html', 'file:///tmp/x.html', 'about:blank', 'not a url']) {
      expect(ask('clipboard-sanitized-write', { requestingUrl, isMainFrame: true }), requestingUrl).toBe(false);
    }
    expect(ask('clipboard-sanitized-write', MAIN_FRAME, new FakeWebContents('window'))).toBe(false);
  });

  it('answers a check for copying as the request: yes only for our main frame on our origin', () => {
    const { fake, ours } = permissionRequest();
    const check = fake.defaultSession.permissionCheck as unknown as (...args: unknown[]) => boolean;
    expect(check(ours, 'clipboard-sanitized-write', ORIGIN, MAIN_FRAME)).toBe(true);
    expect(check(ours, 'clipboard-sanitized-write', ORIGIN, { ...MAIN_FRAME, isMainFrame: false })).toBe(false);
    expect(check(ours, 'clipboard-sanitized-write', 'https://evil.example.com', { isMainFrame: true, requestingUrl: 'https://evil.example.com/' })).toBe(false);
    expect(check(null, 'clipboard-sanitized-write', ORIGIN, MAIN_FRAME)).toBe(false);
    expect(check(new FakeWebContents('window'), 'clipboard-sanitized-write', ORIGIN, MAIN_FRAME)).toBe(false);
  });

  it('refuses every other permission, even to our main frame, and every check and device', () => {
    const { fake, ours, ask } = permissionRequest();
    for (const permission of ['clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal', 'fullscreen', 'fileSystem', 'unknown']) {
      expect(ask(permission, MAIN_FRAME), permission).toBe(false);
    }
    expect(fake.defaultSession.permissionCheck?.(ours, 'media', ORIGIN, MAIN_FRAME)).toBe(false);
    expect(fake.defaultSession.permissionCheck?.(ours, 'clipboard-read', ORIGIN, MAIN_FRAME)).toBe(false);
    expect(fake.defaultSession.devicePermission?.({})).toBe(false);
  });
});
