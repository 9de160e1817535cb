import { BrowserWindow } from 'electron';
import type { WebPreferences } from 'electron';

/** The renderer is untrusted (architecture, "The one rule"): isolated, sandboxed, no Node. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

export function createMainWindow(options: { preloadPath: string; startUrl: string; title: string }): BrowserWindow {
  // electronegativity-ignore: CONTEXT_ISOLATION_JS_CHECK, SANDBOX_JS_CHECK, AUXCLICK_JS_CHECK the options are secureWebPreferences()
  // above, which the scan does not follow; shell/guards.ts denies the new windows a middle-click would open.
  const window = new BrowserWindow({
    title: options.title,
    width: 1280,
    height: 840,
    minWidth: 960,
    minHeight: 640,
    show: false,
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.startUrl);
  return window;
}
