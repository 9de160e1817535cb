import type { Browser, BrowserContext, Frame, Page, Request, Route } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserWindowConstructorOptions } from 'electron';
import { StandinApp } from './app.ts';
import { StandinBrowserWindow } from './browser-window.ts';
import type { WindowHost } from './browser-window.ts';
import { StandinDesktop } from './desktop.ts';
import { StandinIpcMain } from './ipc-main.ts';
import { installStandinLoader } from './loader.ts';
import { ChromiumPermissions } from './permissions.ts';
import { StandinProtocol } from './protocol.ts';
import { register, standinModuleUrl, unregister } from './registry.ts';
import type { ElectronModule } from './registry.ts';
import { StandinSession } from './session.ts';
import { isStandinUrl, toPageUrl } from './urls.ts';
import type { PermissionDecision, StandinWebContents } from './web-contents.ts';

/**
 * A stand-in for the `electron` module, backed by Playwright's Chromium, that runs a built main
 * process in this Node process: `run(out/main/main.js)` imports it as a fresh module whose
 * `electron` is this stand-in (loader.ts), then emits app 'ready' as Electron does once main's
 * module has been evaluated. Each app gets a browser context of its own: its defaultSession.
 * What it models and what not, with the sources it follows: docs/electron-standin.md.
 */

export type StandinOptions = {
  browser: Browser;
  /** The app's folder, as in `electron <appPath>`: package.json gives the name and version. */
  appPath: string;
  headed?: boolean;
  /** The windows' language (navigator.language, Intl's default), as the operating system's would be; Chromium's default when not given. */
  locale?: string | undefined;
  /** Called with each window's page as soon as it exists, before anything loads in it. */
  onWindowPage?: (page: Page) => void;
};

const frameOf = (request: Request): Frame | null => {
  try {
    return request.frame();
  } catch {
    return null; // a popup's first request, a worker's
  }
};

const afterClose = (error: unknown) => /closed|already handled/i.test(String(error));

export class ElectronStandin {
  readonly id: string;
  readonly app: StandinApp;
  readonly session = new StandinSession();
  readonly protocol: StandinProtocol;
  readonly ipcMain = new StandinIpcMain();
  readonly desktop: StandinDesktop;
  readonly permissionRequests: PermissionDecision[] = [];
  readonly module: ElectronModule;
  private readonly windowList = new Set<StandinBrowserWindow>();
  private readonly contentsByPage = new Map<Page, StandinWebContents>();
  private readonly creating = new Set<Promise<unknown>>();
  private readonly extraContexts: BrowserContext[] = [];
  private readonly problemList: string[] = [];
  private readonly home: string;
  private context: BrowserContext | null = null;
  private gate: ChromiumPermissions | null = null;
  private processIds = 100;
  private exitCode: number | null = null;
  /** The app has exited and everything it held is closed. */
  private readonly disposed: Promise<number>;

  private readonly options: StandinOptions;

  constructor(options: StandinOptions) {
    this.options = options;
    this.home = mkdtempSync(join(tmpdir(), 'electron-standin-home-'));
    const pkg = JSON.parse(readFileSync(join(options.appPath, 'package.json'), 'utf8')) as { name: string; productName?: string; version: string };
    this.app = new StandinApp({
      pkg: { name: pkg.productName ?? pkg.name, version: pkg.version },
      home: this.home,
      windows: {
        count: () => this.windowList.size,
        closeAll: () => this.windows().forEach((window) => window.close()),
        destroyAll: () => this.windows().forEach((window) => window.destroy()),
      },
    });
    this.protocol = new StandinProtocol(() => this.app.isReady(), this.session);
    this.desktop = new StandinDesktop((message) => this.problem(message));
    this.disposed = this.app.exited.then(async (code) => {
      this.exitCode = code;
      await this.dispose();
      return code;
    });
    this.module = this.electronModule();
    this.id = register(this.module);
  }

  /** Runs a built main process (an ES module), then makes the app ready. */
  async run(mainPath: string): Promise<void> {
    installStandinLoader();
    await import(standinModuleUrl(pathToFileURL(mainPath).href, this.id));
    if (this.exitCode !== null) return; // main quit or exited while loading
    const context = await this.options.browser.newContext({
      ...(this.options.headed ? { viewport: null } : {}),
      ...(this.options.locale ? { locale: this.options.locale } : {}),
    });
    this.context = context;
    await context.route('**/*', (route) => this.dispatch(route));
    context.on('page', (page) => void this.closeIfNotAWindow(page));
    this.app.emitReady();
  }

  windows(): StandinBrowserWindow[] {
    return [...this.windowList];
  }

  /** The first window main opens; fails if the app exits first (with what its error boxes said). */
  firstWindow(): Promise<StandinBrowserWindow> {
    const [open] = this.windowList;
    if (open) return Promise.resolve(open);
    return new Promise((resolve, reject) => {
      this.app.once('browser-window-created', (_event: unknown, window: StandinBrowserWindow) => resolve(window));
      void this.app.exited.then((code) => {
        const said = this.desktop.errorBoxes.map((box) => `${box.title}: ${box.content}`).join('; ');
        reject(new Error(`The app exited (code ${code}) before opening a window${said ? `: ${said}` : ''}`));
      });
    });
  }

  /** app.quit(), then waits until the app has quit and its pages are gone; its exit code. */
  async quit(timeoutMs = 30_000): Promise<number> {
    if (this.exitCode === null) this.app.quit();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The app had not quit ${timeoutMs / 1000} s after app.quit()`)), timeoutMs);
    });
    try {
      return await Promise.race([this.disposed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Everything the stand-in saw go wrong that Electron would not have hidden either. */
  problems(): string[] {
    return [...this.problemList];
  }

  /**
   * The app's page opened somewhere without a window: its own browser context, main's protocol
   * handler and session hooks, but no preload and no IPC (as if app://renderer/ were opened in a browser).
   */
  async openWithoutPreload(url: string): Promise<Page> {
    const context = await this.options.browser.newContext();
    this.extraContexts.push(context);
    await context.route((target) => isStandinUrl(target.href), (route) =>
      this.protocol.serve(route, { contents: null, frame: null, isMainFrame: route.request().frame().parentFrame() === null }),
    );
    const page = await context.newPage();
    await page.goto(toPageUrl(url, this.protocol.standardSchemes));
    return page;
  }

  private problem(message: string): void {
    this.problemList.push(message);
  }

  private async dispatch(route: Route): Promise<void> {
    const request = route.request();
    try {
      const frame = frameOf(request);
      const contents = frame ? this.contentsByPage.get(frame.page()) : undefined;
      // A page the stand-in did not open as a window (a window main denied): nothing loads in it.
      if (!frame || !contents) return await route.abort('blockedbyclient');
      if (request.isNavigationRequest()) {
        const prevented = request.redirectedFrom() ? contents.preventsRedirect(frame, request.url()) : contents.preventsNavigation(frame, request.url());
        if (prevented) return await route.abort('aborted');
      }
      if (isStandinUrl(request.url())) {
        return await this.protocol.serve(route, { contents, frame: contents.frameOf(frame), isMainFrame: frame.parentFrame() === null });
      }
      return await route.continue();
    } catch (error) {
      if (!afterClose(error)) this.problem(`the stand-in failed to answer ${request.url()}: ${String(error)}`);
    }
  }

  /** Chromium made a page for a window.open that main's handler has (or had) to decide: never shown. */
  private async closeIfNotAWindow(page: Page): Promise<void> {
    await Promise.allSettled([...this.creating]);
    if (!this.contentsByPage.has(page)) await page.close().catch(() => undefined);
  }

  private host(): WindowHost {
    return {
      app: this.app,
      session: this.session,
      ipcMain: this.ipcMain,
      schemes: () => this.protocol.standardSchemes,
      context: () => this.requireContext(),
      permissions: () => {
        if (!this.gate) throw new Error('No window has a page yet');
        return this.gate;
      },
      nextProcessId: () => this.processIds++,
      recordPermission: (decision) => this.permissionRequests.push(decision),
      problem: (message) => this.problem(message),
      openPage: (contents, size) => {
        const opening = this.openPage(contents, size);
        this.creating.add(opening);
        void opening.finally(() => this.creating.delete(opening)).catch(() => undefined);
        return opening;
      },
      windowOpened: (window) => this.windowList.add(window),
      windowClosed: (window) => {
        this.windowList.delete(window);
        if (this.windowList.size === 0) this.app.onAllWindowsClosed();
      },
    };
  }

  private async openPage(contents: StandinWebContents, size: { width: number; height: number }): Promise<Page> {
    const context = this.requireContext();
    const page = await context.newPage();
    this.contentsByPage.set(page, contents);
    page.on('close', () => this.contentsByPage.delete(page));
    if (this.options.headed) await this.sizeWindow(page, size);
    else await page.setViewportSize(size);
    this.gate ??= await ChromiumPermissions.deniedFor(this.options.browser, context, page);
    this.options.onWindowPage?.(page);
    return page;
  }

  /** A headed window takes the BrowserWindow's size (its outer size, as Electron's width and height are). */
  private async sizeWindow(page: Page, size: { width: number; height: number }): Promise<void> {
    const session = await this.requireContext().newCDPSession(page);
    const { windowId } = (await session.send('Browser.getWindowForTarget')) as { windowId: number };
    await session.send('Browser.setWindowBounds', { windowId, bounds: size });
    await session.detach();
  }

  private requireContext(): BrowserContext {
    if (!this.context) throw new Error('The app is not ready');
    return this.context;
  }

  private electronModule(): ElectronModule {
    const host = this.host();
    const windows = () => this.windows();
    class BrowserWindow extends StandinBrowserWindow {
      constructor(options?: BrowserWindowConstructorOptions) {
        super(host, options);
      }
      static getAllWindows = windows;
      static fromWebContents = (contents: unknown) => windows().find((window) => window.webContents === contents) ?? null;
      static getFocusedWindow = () => windows().find((window) => window.isFocused()) ?? null;
    }
    return {
      app: this.app,
      BrowserWindow,
      dialog: this.desktop.dialog,
      ipcMain: this.ipcMain,
      Menu: this.desktop.Menu,
      protocol: this.protocol,
      session: { defaultSession: this.session },
      shell: this.desktop.shell,
      webContents: {
        getAllWebContents: () => windows().map((window) => window.webContents),
        fromId: (id: number) => windows().find((window) => window.webContents.id === id)?.webContents,
      },
    };
  }

  /** What the process's end would take with it: the browser context (every renderer) and the temp home. */
  private async dispose(): Promise<void> {
    unregister(this.id);
    await this.gate?.dispose();
    for (const context of [this.context, ...this.extraContexts]) await context?.close().catch(() => undefined);
    rmSync(this.home, { recursive: true, force: true });
  }
}
