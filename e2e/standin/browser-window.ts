import type { Page } from '@playwright/test';
import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions } from 'electron';
import { eventObject } from './app.ts';
import type { StandinApp } from './app.ts';
import { StandinWebContents } from './web-contents.ts';
import type { ContentsHost } from './web-contents.ts';

/** What a window needs of its stand-in. */
export type WindowHost = ContentsHost & {
  app: StandinApp;
  /** A new page in the app's browser context, sized as the window's content. */
  openPage(contents: StandinWebContents, size: { width: number; height: number }): Promise<Page>;
  windowOpened(window: StandinBrowserWindow): void;
  windowClosed(window: StandinBrowserWindow): void;
};

let nextWindowId = 1;

/**
 * BrowserWindow (docs/api/browser-window.md) as a Playwright page. The constructor returns at once,
 * as Electron's does, having emitted 'web-contents-created' then 'browser-window-created'
 * (lib/browser/api/web-contents.ts, browser-window.ts); the page comes a moment later, and every
 * call that needs it waits for it.
 *
 * 'ready-to-show' is Electron's first non-empty layout of the main frame
 * (WebContents::OnFirstNonEmptyLayout); the stand-in emits it on the page's first 'load', after
 * the module scripts have run. close() emits a preventable 'close', then the page closes and
 * 'closed' follows; destroy() skips 'close'. When the last window has closed, app decides what
 * follows (app.ts). Window options other than the size and webPreferences, the frame, the menu
 * bar, visibility (a headless page is never on screen) and minimising are not modelled.
 */
export class StandinBrowserWindow extends EventEmitter {
  readonly id = nextWindowId++;
  readonly webContents: StandinWebContents;
  private visible: boolean;
  private title: string;
  private closedAlready = false;
  private readonly pageReady: Promise<Page>;
  private readonly host: WindowHost;
  readonly options: BrowserWindowConstructorOptions;

  constructor(host: WindowHost, options: BrowserWindowConstructorOptions = {}) {
    super();
    this.host = host;
    this.options = options;
    if (!host.app.isReady()) throw new Error('Cannot create BrowserWindow before app is ready');
    this.visible = options.show !== false;
    this.title = options.title ?? host.app.getName();
    this.webContents = new StandinWebContents(host, options.webPreferences ?? {});
    host.windowOpened(this);
    host.app.emit('web-contents-created', eventObject(), this.webContents);
    host.app.emit('browser-window-created', eventObject(), this);
    this.pageReady = host.openPage(this.webContents, { width: options.width ?? 800, height: options.height ?? 600 }).then(async (page) => {
      await this.webContents.attach(page);
      page.once('load', () => this.emit('ready-to-show', eventObject()));
      page.on('close', () => this.onPageClosed());
      return page;
    });
    this.pageReady.catch((error: unknown) => host.problem(`window ${this.id} got no page: ${String(error)}`));
  }

  /** Stand-in only: the window's page, once it has one. */
  page(): Promise<Page> {
    return this.pageReady;
  }

  async loadURL(url: string): Promise<void> {
    await this.pageReady;
    await this.webContents.loadURL(url);
  }

  show(): void {
    this.visible = true;
    this.emit('show', eventObject());
  }

  hide(): void {
    this.visible = false;
    this.emit('hide', eventObject());
  }

  isVisible(): boolean {
    return this.visible;
  }

  focus(): void {
    this.webContents.focus();
  }

  isFocused(): boolean {
    return this.visible;
  }

  isMinimized(): boolean {
    return false;
  }

  minimize(): void {}

  restore(): void {}

  getTitle(): string {
    return this.title;
  }

  setTitle(title: string): void {
    this.title = title;
  }

  isDestroyed(): boolean {
    return this.closedAlready;
  }

  close(): void {
    if (this.closedAlready) return;
    const event = eventObject();
    this.emit('close', event);
    if (event.defaultPrevented) {
      this.host.app.onWindowCloseCancelled();
      return;
    }
    void this.pageReady.then((page) => page.close());
  }

  destroy(): void {
    if (this.closedAlready) return;
    void this.pageReady.then((page) => page.close());
  }

  private onPageClosed(): void {
    if (this.closedAlready) return;
    this.closedAlready = true;
    this.emit('closed');
    this.host.windowClosed(this);
  }
}
