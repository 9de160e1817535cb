import { BrowserWindow } from 'electron';
import type { WebPreferences } from 'electron';

/**
 * The renderer is untrusted (architecture, "The one rule"): isolated, sandboxed, no Node.
 * `devTools` is on only for a developer's unpackaged run: a packaged build has none (docs/security.md).
 */
export function secureWebPreferences(preloadPath: string, devTools = false): WebPreferences {
  return {
    preload: preloadPath,
    devTools,
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

export function createMainWindow(options: { preloadPath: string; startUrl: string; title: string; devTools?: boolean }): BrowserWindow {
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
    webPreferences: secureWebPreferences(options.preloadPath, options.devTools ?? false),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.startUrl);
  return window;
}
