import { EventEmitter } from 'node:events';

/**
 * A stand-in for the 'electron' module, for vi.mock('electron', ...) in the shell's unit tests
 * (no Electron binary exists where the tests run). It records what the code under test asked of
 * Electron, so the tests can check the options and call the handlers it registered.
 */

export class FakeFrame {
  url: string;
  parent: FakeFrame | null;
  processId: number;
  routingId: number;
  constructor(url: string, options: { parent?: FakeFrame | null; processId?: number; routingId?: number } = {}) {
    this.url = url;
    this.parent = options.parent ?? null;
    this.processId = options.processId ?? 1;
    this.routingId = options.routingId ?? 1;
  }
}

export type NavigationEvent = { url: string; defaultPrevented: boolean; preventDefault(): void };

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly type: string;
  mainFrame: FakeFrame;
  closed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  constructor(type = 'window', url = 'app://renderer/index.html') {
    super();
    this.type = type;
    this.mainFrame = new FakeFrame(url, { processId: this.id, routingId: 1 });
  }
  getType() {
    return this.type;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  close() {
    this.closed = true;
  }
  /** Fires a navigation event the way Electron does, answering whether it was prevented. */
  navigate(eventName: string, url: string): boolean {
    const event: NavigationEvent = { url, defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) };
    this.emit(eventName, event, url);
    return event.defaultPrevented;
  }
}

export function createFakeElectron() {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    paths: new Map<string, string>(),
    quitCalls: 0,
    exitCodes: [] as number[],
    hasLock: true,
    readyWaiters: [] as Array<() => void>,
    /** Chromium switches as Electron parsed them (app.commandLine.hasSwitch). */
    switches: new Set<string>(),
    commandLine: { hasSwitch: (name: string) => app.switches.has(name) },
    getPath(name: string) {
      const path = app.paths.get(name);
      if (!path) throw new Error(`no fake path ${name}`);
      return path;
    },
    setPath(name: string, value: string) {
      app.paths.set(name, value);
    },
    getVersion: () => '9.9.9-test',
    getPreferredSystemLanguages: () => ['en-US'],
    getSystemLocale: () => 'en-US',
    requestSingleInstanceLock: () => app.hasLock,
    whenReady: () => Promise.resolve(),
    quit() {
      app.quitCalls += 1;
    },
    exit(code = 0) {
      app.exitCodes.push(code);
    },
  });

  const windows: FakeBrowserWindow[] = [];
  class FakeBrowserWindow extends EventEmitter {
    readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>;
    readonly webContents: FakeWebContents;
    loadedUrl: string | null = null;
    destroyed = false;
    constructor(options: FakeBrowserWindow['options']) {
      super();
      this.options = options;
      this.webContents = new FakeWebContents('window');
      windows.push(this);
      // Electron announces a new web contents while the window is still being constructed.
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadURL(url: string) {
      this.loadedUrl = url;
      this.webContents.mainFrame.url = url;
      return Promise.resolve();
    }
    isDestroyed() {
      return this.destroyed;
    }
    show() {}
    focus() {}
    restore() {}
    isMinimized() {
      return false;
    }
  }

  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) {
      if (ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
      ipcHandlers.set(channel, handler);
    },
  };

  const protocolHandlers = new Map<string, (request: Request) => Promise<Response> | Response>();
  const privileged: unknown[] = [];
  const protocol = {
    registerSchemesAsPrivileged: (schemes: unknown[]) => void privileged.push(...schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => void protocolHandlers.set(scheme, handler),
  };

  type HeadersListener = (
    details: { responseHeaders?: Record<string, string[]> },
    callback: (response: { responseHeaders: Record<string, string[]> }) => void,
  ) => void;
  type PermissionRequest = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
  type Check = (...args: unknown[]) => boolean;
  type FakeSession = {
    headersListener: HeadersListener | null;
    permissionRequest: PermissionRequest | null;
    permissionCheck: Check | null;
    devicePermission: Check | null;
    webRequest: { onHeadersReceived(listener: HeadersListener): void };
    setPermissionRequestHandler(handler: PermissionRequest): void;
    setPermissionCheckHandler(handler: Check): void;
    setDevicePermissionHandler(handler: Check): void;
  };
  const defaultSession: FakeSession = {
    headersListener: null,
    permissionRequest: null,
    permissionCheck: null,
    devicePermission: null,
    webRequest: { onHeadersReceived: (listener) => void (defaultSession.headersListener = listener) },
    setPermissionRequestHandler: (handler) => void (defaultSession.permissionRequest = handler),
    setPermissionCheckHandler: (handler) => void (defaultSession.permissionCheck = handler),
    setDevicePermissionHandler: (handler) => void (defaultSession.devicePermission = handler),
  };

  const exposed = new Map<string, unknown>();
  const invoked: Array<[string, unknown]> = [];
  const contextBridge = { exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api) };
  const ipcRenderer = {
    invoke: async (channel: string, payload: unknown) => {
      invoked.push([channel, payload]);
      return { ok: true, value: { echoed: channel } };
    },
  };

  const errorBoxes: Array<[string, string]> = [];
  /** What each save dialog was asked, and what the next ones answer (cancelled when none is queued). */
  const saveDialogs: Array<{ parent: unknown; options: { defaultPath?: string; filters?: Array<{ name: string; extensions: string[] }> } }> = [];
  const saveAnswers: Array<{ canceled: boolean; filePath?: string }> = [];
  /** What each message box was asked, and which button the next ones answer (0, Cancel, when none is queued). */
  const messageBoxes: Array<{ parent: unknown; options: Record<string, unknown> }> = [];
  const messageBoxAnswers: number[] = [];
  const dialog = {
    showErrorBox: (title: string, content: string) => void errorBoxes.push([title, content]),
    showMessageBox: async (...args: unknown[]) => {
      const [parent, options] = args.length > 1 ? args : [null, args[0]];
      messageBoxes.push({ parent, options: options as Record<string, unknown> });
      return { response: messageBoxAnswers.shift() ?? 0, checkboxChecked: false };
    },
    showSaveDialog: async (parent: unknown, options: (typeof saveDialogs)[number]['options']) => {
      saveDialogs.push({ parent, options });
      return saveAnswers.shift() ?? { canceled: true };
    },
  };

  /** Every application menu set, as the template it was built from. */
  const menus: unknown[][] = [];
  const Menu = {
    buildFromTemplate: (template: unknown[]) => ({ template }),
    setApplicationMenu: (menu: { template: unknown[] } | null) => void menus.push(menu?.template ?? []),
  };

  return {
    module: { app, BrowserWindow: FakeBrowserWindow, ipcMain, protocol, session: { defaultSession }, contextBridge, ipcRenderer, dialog, Menu },
    menus,
    errorBoxes,
    messageBoxes,
    messageBoxAnswers,
    saveDialogs,
    saveAnswers,
    app,
    windows,
    ipcHandlers,
    protocolHandlers,
    privileged,
    defaultSession,
    exposed,
    invoked,
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

let current: FakeElectron | null = null;

/** The one fake of this test file: the vi.mock factory and the test both take it from here. */
export function currentFakeElectron(): FakeElectron {
  current ??= createFakeElectron();
  return current;
}
