import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preferredSystemLanguages, systemLocale } from './system-locale.ts';
import type { LocaleEnvironment } from './system-locale.ts';

/**
 * The stand-in's `app` (docs/api/app.md), as `electron .` would run the project: not packaged,
 * with the name and version of its package.json, and its home in a temp folder, so that nothing
 * of a person's own ~/.config or ~/Documents is read or written.
 *
 * Lifecycle, as shell/browser/browser.cc does it:
 * - 'ready' (after 'will-finish-launching') is emitted once main's module has been evaluated
 *   (lib/browser/init.ts awaits the ESM import, then appCodeLoaded()); see standin.ts.
 * - quit(): 'before-quit' (preventDefault cancels); then every window is closed, and once none is
 *   left 'will-quit' (preventDefault cancels, and a later quit() starts over); then 'quit'.
 *   'window-all-closed' is not emitted on that path (Browser::OnWindowAllClosed).
 * - exit(code): windows are destroyed without asking, no 'before-quit'/'will-quit', then 'quit'.
 * The process would end after 'quit'; here `exited` resolves with the exit code instead.
 */

export type AppPackage = { name: string; version: string };

type Windows = { count(): number; closeAll(): void; destroyAll(): void };

/** The single-instance locks held in this process, by user-data folder (Chromium's ProcessSingleton). */
const locks = new Map<string, StandinApp>();

const PATH_NAMES = ['home', 'appData', 'userData', 'sessionData', 'temp', 'exe', 'module', 'desktop', 'documents', 'downloads', 'music', 'pictures', 'videos', 'recent', 'logs', 'crashDumps'];

export class StandinApp extends EventEmitter {
  readonly isPackaged = false;
  /** Switches given to Chromium: none (app.commandLine, docs/api/command-line.md). */
  readonly commandLine = {
    hasSwitch: (_name: string): boolean => false,
    getSwitchValue: (_name: string): string => '',
    appendSwitch: (name: string): void => {
      throw new Error(`The Electron stand-in does not model Chromium switches (--${name})`);
    },
  };
  readonly exited: Promise<number>;
  private readonly paths = new Map<string, string>();
  private readonly windows: Windows;
  private readonly pkg: AppPackage;
  private readonly readyPromise: Promise<void>;
  private markReady!: () => void;
  private markExited!: (code: number) => void;
  private ready = false;
  private quitting = false;
  private exiting = false;
  private shutDown = false;
  private exitCode = 0;

  /** The environment Electron reads the OS's languages from (system-locale.ts): this process's, read at each call. */
  private readonly localeEnv: () => LocaleEnvironment;

  constructor(options: { pkg: AppPackage; home: string; windows: Windows; localeEnv?: () => LocaleEnvironment }) {
    super();
    this.localeEnv = options.localeEnv ?? (() => process.env);
    this.pkg = options.pkg;
    this.windows = options.windows;
    this.readyPromise = new Promise((resolve) => (this.markReady = resolve));
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    const appData = join(options.home, '.config');
    const userData = join(appData, this.pkg.name);
    for (const [name, path] of Object.entries({
      home: options.home,
      appData,
      userData,
      sessionData: userData,
      temp: tmpdir(),
      exe: process.execPath,
      module: process.execPath,
      desktop: join(options.home, 'Desktop'),
      documents: join(options.home, 'Documents'),
      downloads: join(options.home, 'Downloads'),
      music: join(options.home, 'Music'),
      pictures: join(options.home, 'Pictures'),
      videos: join(options.home, 'Videos'),
      recent: join(options.home, '.local', 'share', 'recently-used.xbel'),
      logs: join(userData, 'logs'),
      crashDumps: join(userData, 'Crashpad'),
    })) {
      this.paths.set(name, path);
    }
    for (const folder of ['Desktop', 'Documents', 'Downloads']) mkdirSync(join(options.home, folder), { recursive: true });
  }

  getName(): string {
    return this.pkg.name;
  }

  getVersion(): string {
    return this.pkg.version;
  }

  getLocale(): string {
    return 'en-US';
  }

  /** "uses ... g_get_language_names on Linux" (app.md): see system-locale.ts. */
  getPreferredSystemLanguages(): string[] {
    return preferredSystemLanguages(this.localeEnv());
  }

  /** "On Windows and Linux, it is fetched using Chromium's i18n library" (app.md): see system-locale.ts. */
  getSystemLocale(): string {
    return systemLocale(this.localeEnv());
  }

  getPath(name: string): string {
    const path = this.paths.get(name);
    if (path === undefined) throw new Error(`Failed to get '${name}' path`);
    if (name === 'userData' || name === 'sessionData') mkdirSync(path, { recursive: true });
    return path;
  }

  /** "If the path specifies a directory that does not exist, an Error is thrown" (app.md, setPath). */
  setPath(name: string, path: string): void {
    if (!PATH_NAMES.includes(name)) throw new Error(`Failed to set path: unknown name '${name}'`);
    if (name !== 'recent' && !(existsSync(path) && statSync(path).isDirectory())) {
      throw new Error(`Failed to set path: ${path} is not an existing directory`);
    }
    this.paths.set(name, path);
  }

  isReady(): boolean {
    return this.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  /** Called by the stand-in once main's module has run (not part of Electron's API). */
  emitReady(): void {
    if (this.ready) return;
    this.emit('will-finish-launching');
    this.ready = true;
    this.markReady();
    this.emit('ready', eventObject(), {});
  }

  requestSingleInstanceLock(additionalData: unknown = {}): boolean {
    const key = this.getPath('userData');
    const holder = locks.get(key);
    if (holder && holder !== this) {
      holder.emit('second-instance', eventObject(), process.argv, process.cwd(), additionalData);
      return false;
    }
    locks.set(key, this);
    return true;
  }

  hasSingleInstanceLock(): boolean {
    return [...locks.values()].includes(this);
  }

  releaseSingleInstanceLock(): void {
    for (const [key, holder] of locks) if (holder === this) locks.delete(key);
  }

  quit(): void {
    if (this.quitting) return;
    const beforeQuit = eventObject();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    this.quitting = true;
    if (this.windows.count() === 0) this.notifyAndShutdown();
    else this.windows.closeAll();
  }

  exit(code = 0): void {
    this.exitCode = code;
    this.quitting = true;
    this.exiting = true;
    if (this.windows.count() === 0) this.shutdown();
    else this.windows.destroyAll();
  }

  /** Browser::OnWindowAllClosed: called by the stand-in when the last window has closed. */
  onAllWindowsClosed(): void {
    if (this.exiting) this.shutdown();
    else if (this.quitting) this.notifyAndShutdown();
    else this.emit('window-all-closed');
  }

  /** Browser::OnWindowCloseCancelled: a window refused to close, so the quit is off. */
  onWindowCloseCancelled(): void {
    if (!this.exiting) this.quitting = false;
  }

  focus(): void {}

  private notifyAndShutdown(): void {
    if (this.shutDown) return;
    const willQuit = eventObject();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.shutdown();
  }

  private shutdown(): void {
    if (this.shutDown) return;
    this.shutDown = true;
    this.quitting = true;
    this.emit('quit', eventObject(), this.exitCode);
    this.releaseSingleInstanceLock();
    this.markExited(this.exitCode);
  }
}

/** Electron's event object for app and window events: preventDefault and defaultPrevented. */
export function eventObject<T extends object>(fields?: T): T & { defaultPrevented: boolean; preventDefault(): void } {
  const event = {
    ...(fields ?? ({} as T)),
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}
