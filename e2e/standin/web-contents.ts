import type { BrowserContext, CDPSession, Frame, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { HandlerDetails, IpcMainInvokeEvent, WebContents, WebPreferences, WindowOpenHandlerResponse } from 'electron';
import { eventObject } from './app.ts';
import { Frames } from './frames.ts';
import type { StandinFrame } from './frames.ts';
import type { StandinIpcMain } from './ipc-main.ts';
import { initScript } from './page-runtime.ts';
import { isRoutedPermission } from './permissions.ts';
import type { ChromiumPermissions } from './permissions.ts';
import type { StandinSession } from './session.ts';
import { fromPageUrl, toPageUrl } from './urls.ts';
import { decodeFromWire, encodeForWire } from './wire.ts';

/** What a web contents needs of its stand-in. */
export type ContentsHost = {
  session: StandinSession;
  ipcMain: StandinIpcMain;
  schemes(): ReadonlySet<string>;
  context(): BrowserContext;
  permissions(): ChromiumPermissions;
  nextProcessId(): number;
  recordPermission(request: PermissionDecision): void;
  problem(message: string): void;
};

export type PermissionDecision = { permission: string; requestingUrl: string; isMainFrame: boolean; granted: boolean };

const PIPE = '__electronStandinPipe';
let nextContentsId = 1;

/**
 * webContents (docs/api/web-contents.md), backed by one Playwright page: its URL, type, frames,
 * window-open handler, navigation events and IPC. The page is attached once the window has one
 * (BrowserWindow's constructor must return at once, as Electron's does).
 *
 * Navigation events follow ElectronNavigationThrottle (shell/browser/electron_navigation_throttle.cc):
 * 'will-frame-navigate' and, for the main frame, 'will-navigate' only for navigations the
 * renderer started (a link, location.href, a form, location.reload()), never for loadURL or a
 * reload from outside; preventDefault() cancels. 'will-redirect' for every redirect. Which
 * navigations the renderer started, Chromium says itself: Page.frameRequestedNavigation (DevTools
 * protocol) fires for exactly those. In-page navigations (#hash) start no request and no event.
 *
 * window.open and target=_blank ask the window-open handler first (docs/api/window-open.md):
 * Chromium reports them with Page.windowOpen. 'deny' means no window; the stand-in closes the page
 * Chromium made for it before anything loads in it (its requests are refused: standin.ts). An
 * allowed window is not modelled and is reported as a problem.
 */
export class StandinWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  private page: Page | null = null;
  private frames: Frames | null = null;
  private cdp: CDPSession | null = null;
  private destroyed = false;
  private windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null = null;
  private readonly nonce = randomBytes(16).toString('hex');
  private readonly rendererStarted = new Set<string>();

  private readonly host: ContentsHost;
  private readonly preferences: WebPreferences;

  constructor(host: ContentsHost, preferences: WebPreferences) {
    super();
    this.host = host;
    this.preferences = preferences;
  }

  get session(): StandinSession {
    return this.host.session;
  }

  get mainFrame(): StandinFrame {
    return this.frameOf(this.requirePage().mainFrame());
  }

  /** A BrowserWindow's web contents (the only kind the stand-in makes). */
  getType(): string {
    return 'window';
  }

  getURL(): string {
    return this.page ? fromPageUrl(this.page.url()) : '';
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  isLoading(): boolean {
    return false;
  }

  focus(): void {
    void this.page?.bringToFront();
  }

  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.windowOpenHandler = handler;
  }

  reload(): void {
    void this.page?.reload();
  }

  close(): void {
    void this.page?.close();
  }

  /** Stand-in only: the page behind this web contents (for the tests that drive it). */
  requirePage(): Page {
    if (!this.page) throw new Error('This web contents has no page yet');
    return this.page;
  }

  frameOf(frame: Frame): StandinFrame {
    if (!this.frames) throw new Error('This web contents has no page yet');
    return this.frames.of(frame);
  }

  /** Gives this web contents its page: the IPC pipe, the preload, and Chromium's navigation reports. */
  async attach(page: Page): Promise<void> {
    this.page = page;
    this.frames = new Frames(this.host.nextProcessId());
    await page.exposeBinding(PIPE, (source, nonce: unknown, kind: unknown, ...args: unknown[]) => this.onPipe(source.frame, nonce, kind, args));
    const preloadPath = this.preferences.preload ?? null;
    const preload = preloadPath ? readFileSync(preloadPath, 'utf8') : null;
    const config = {
      binding: PIPE,
      nonce: this.nonce,
      preloadPath,
      runInSubframes: this.preferences.nodeIntegrationInSubFrames === true,
      contextIsolation: this.preferences.contextIsolation !== false,
      platform: process.platform,
      arch: process.arch,
    };
    await page.addInitScript({ content: initScript(config, preload) });
    this.cdp = await this.host.context().newCDPSession(page);
    this.cdp.on('Page.frameRequestedNavigation', (event: { url: string; disposition: string }) => {
      if (event.disposition === 'currentTab') this.rendererStarted.add(event.url);
    });
    this.cdp.on('Page.windowOpen', (event: { url: string; windowName: string; windowFeatures: string[] }) => this.decideWindowOpen(event));
    await this.cdp.send('Page.enable');
    page.on('domcontentloaded', () => this.emit('dom-ready', eventObject()));
    page.on('load', () => this.emit('did-finish-load', eventObject()));
    page.on('close', () => {
      this.destroyed = true;
      this.emit('destroyed');
    });
  }

  /** loadURL is browser-initiated: no will-navigate (see above). Resolves when the page has loaded. */
  async loadURL(url: string): Promise<void> {
    await this.requirePage().goto(toPageUrl(url, this.host.schemes()), { waitUntil: 'load' });
  }

  /** Whether main prevents a navigation Chromium is about to make in one of this page's frames. */
  preventsNavigation(frame: Frame, pageUrl: string): boolean {
    if (!this.rendererStarted.delete(pageUrl)) return false;
    const target = this.frameOf(frame);
    if (this.emitNavigation('will-frame-navigate', pageUrl, target)) return true;
    return target.parent === null && this.emitNavigation('will-navigate', pageUrl, target);
  }

  preventsRedirect(frame: Frame, pageUrl: string): boolean {
    return this.emitNavigation('will-redirect', pageUrl, this.frameOf(frame));
  }

  /** WebContents::EmitNavigationEvent: (details, url, isSameDocument, isMainFrame, processId, routingId). */
  private emitNavigation(name: string, pageUrl: string, frame: StandinFrame): boolean {
    const url = fromPageUrl(pageUrl);
    const isMainFrame = frame.parent === null;
    const event = eventObject({ url, isSameDocument: false, isMainFrame, processId: frame.processId, routingId: frame.routingId, frame, initiator: null });
    this.emit(name, event, url, false, isMainFrame, frame.processId, frame.routingId);
    return event.defaultPrevented;
  }

  private decideWindowOpen(event: { url: string; windowName: string; windowFeatures: string[] }): void {
    const details = {
      url: fromPageUrl(event.url),
      frameName: event.windowName,
      features: event.windowFeatures.join(','),
      disposition: event.windowFeatures.length > 0 ? 'new-window' : 'foreground-tab',
      referrer: { url: this.getURL(), policy: 'strict-origin-when-cross-origin' },
    } as HandlerDetails;
    // Without a handler Electron opens the window.
    const answer = this.windowOpenHandler ? this.windowOpenHandler(details) : { action: 'allow' };
    if (answer.action !== 'deny') this.host.problem(`main allowed a new window for ${details.url}, which the Electron stand-in does not model`);
  }

  private async onPipe(frame: Frame, nonce: unknown, kind: unknown, args: unknown[]): Promise<unknown> {
    // Anything but the init script (a page script that found Playwright's binding controller) gets nothing.
    if (nonce !== this.nonce || this.destroyed) return undefined;
    if (kind === 'invoke') {
      const sender = this.frameOf(frame);
      const event = {
        type: 'frame',
        sender: this,
        senderFrame: sender,
        frameId: sender.routingId,
        processId: sender.processId,
        frameTreeNodeId: sender.frameTreeNodeId,
        defaultPrevented: false,
        preventDefault() {},
      } as unknown as IpcMainInvokeEvent;
      const payload = decodeFromWire(String(args[1])) as unknown[];
      return encodeForWire(await this.host.ipcMain.invoke(event, String(args[0]), payload));
    }
    const permission = args[0];
    if (!isRoutedPermission(permission)) return undefined;
    const origin = new URL(frame.url()).origin;
    if (kind === 'permission-done') return this.host.permissions().set(permission, origin, 'denied');
    const details = { requestingUrl: fromPageUrl(frame.url()), isMainFrame: frame.parentFrame() === null };
    const granted = await this.host.session.requestPermission(this as unknown as WebContents, permission, details);
    this.host.recordPermission({ permission, ...details, granted });
    await this.host.permissions().set(permission, origin, granted ? 'granted' : 'denied');
    return undefined;
  }
}
