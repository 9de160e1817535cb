import { describe, expect, it, vi } from 'vitest';
import { currentFakeElectron } from './testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { createMainWindow, secureWebPreferences } = await import('./window.ts');

describe('main window', () => {
  it('uses the secure web preferences', () => {
    expect(secureWebPreferences('/p/preload.cjs')).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('creates the window with them and loads the start URL', () => {
    const fake = currentFakeElectron();
    createMainWindow({ preloadPath: '/out/preload/preload.cjs', startUrl: 'app://renderer/index.html', title: 'Merchant Console' });
    const [window] = fake.windows;
    expect(window?.options.webPreferences).toEqual(secureWebPreferences('/out/preload/preload.cjs'));
    expect(window?.options.show).toBe(false);
    expect(window?.loadedUrl).toBe('app://renderer/index.html');
  });
});
