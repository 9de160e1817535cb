import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, session, shell } from 'electron';
import type { BrowserWindow, WebContents } from 'electron';
import { negotiateLanguage, sayerFor, sayWording, SOURCE_LANGUAGE } from '../shared/i18n/index.ts';
import { isAppFailure } from '../shared/ipc/errors.ts';
import { createProcessingClient, ignoreCertificateStoreVariables } from './platform/api/index.ts';
import { createMainServices } from './app/index.ts';
import type { MainServices } from './app/index.ts';
import { nativeConfirm } from './shell/confirm-dialog.ts';
import { CONTENT_SECURITY_POLICY, developmentPolicy, installContentSecurityPolicy } from './shell/csp.ts';
import { refusedSwitches, switchesRefusal } from './shell/debug-switches.ts';
import { guardApp, permitOnlyCopying } from './shell/guards.ts';
import { isTrustedSender, registerIpc } from './shell/ipc.ts';
import { installAppMenu } from './shell/menu.ts';
import { APP_START_URL, pageOriginOf } from './shell/origin.ts';
import { registerAppScheme, serveRenderer } from './shell/protocol.ts';
import { saveDialog } from './shell/save-dialog.ts';
import { createMainWindow } from './shell/window.ts';

/*
 * App lifecycle and wiring only; what the app does lives in core/, the Electron specifics in shell/.
 * Built into out/main/, beside out/preload/ and out/renderer/.
 */

// A packaged build trusts the system's certificate store as the OS keeps it, never a file or folder
// the environment names (platform/api/network/trust.ts): first thing, before anything makes a TLS context.
if (app.isPackaged) ignoreCertificateStoreVariables();

const outDir = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const startUrl = devUrl ?? APP_START_URL;
const allowedOrigin = pageOriginOf(startUrl) ?? 'app://renderer';

// Tests of the unpackaged app (the e2e suites, the Electron stand-in) run against their own data
// folder, keychain service and response timeout; a packaged app reads none of these.
const testEnv: NodeJS.ProcessEnv = app.isPackaged ? {} : process.env;
if (testEnv.MERCHANT_CONSOLE_DATA_DIR) app.setPath('userData', testEnv.MERCHANT_CONSOLE_DATA_DIR);

/** The product's name: a name, not a word, the same in every language (the catalogues' app.name). */
const APP_NAME = 'Merchant Console';

let window: BrowserWindow | null = null;
let services: MainServices | null = null;
const isOurs = (contents: WebContents) => window !== null && contents === window.webContents;

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  services = await createMainServices({
    dataDir,
    version: app.getVersion(),
    // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only the payment pages the service returned in this run get here (invoices/payment-pages.ts).
    openExternal: (url) => shell.openExternal(url),
    chooseSavePath: saveDialog(() => window),
    // The OS's proxy for each request to the service (system settings, PAC, environment): platform/api/network/route.ts.
    resolveProxy: (url) => session.defaultSession.resolveProxy(url),
    // Its Cancel in the window's language: asked only once the services (and so the locale) exist.
    askPerson: nativeConfirm(() => window, () => services?.locale.say ?? sayerFor(SOURCE_LANGUAGE)),
    ...(testEnv.MERCHANT_CONSOLE_KEYCHAIN_SERVICE ? { keychainService: testEnv.MERCHANT_CONSOLE_KEYCHAIN_SERVICE } : {}),
    ...clientWithTimeout(testEnv.MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS),
    // The window's language and formats follow the OS's, unless the person chose (platform/locale).
    systemLocale: { preferredLanguages: app.getPreferredSystemLanguages(), systemLocale: app.getSystemLocale() },
    // The pseudo-locale, for the e2e suite's layout checks; a packaged app never offers it.
    ...(testEnv.MERCHANT_CONSOLE_PSEUDO_LOCALE === '1' ? { pseudoLocale: true } : {}),
  });
  if (!devUrl) serveRenderer(join(outDir, 'renderer'));
  installContentSecurityPolicy(session.defaultSession, devUrl ? developmentPolicy(allowedOrigin) : CONTENT_SECURITY_POLICY);
  permitOnlyCopying(session.defaultSession, { allowedOrigin, isOurs });
  registerIpc(services.router, (event) => isTrustedSender(event, window, allowedOrigin));
  const { locale } = services;
  const menu = () => installAppMenu({ isPackaged: app.isPackaged, platform: process.platform, name: APP_NAME, say: locale.say });
  menu();
  locale.onChange(menu);
  window = createMainWindow({
    preloadPath: join(outDir, 'preload', 'preload.cjs'),
    startUrl,
    title: APP_NAME,
    devTools: !app.isPackaged,
  });
  window.on('closed', () => {
    window = null;
  });
  // What the e2e tests read of main's own services, through the Electron stand-in's `app`
  // (e2e/harness/fixtures.ts). Nothing listens in Electron, and a packaged app never emits it.
  if (!app.isPackaged) app.emit('merchant-console:services', services);
}

/** The fault suite's shorter wait for an answer (e2e/scenarios/faults.ts): whole milliseconds. */
function clientWithTimeout(value: string | undefined): { createClient?: typeof createProcessingClient } {
  if (value === undefined) return {};
  const responseTimeoutMs = Number(value);
  if (!/^[1-9]\d*$/.test(value) || !Number.isSafeInteger(responseTimeoutMs)) {
    throw new Error(`MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS must be a whole number of milliseconds, not "${value.slice(0, 40)}"`);
  }
  return { createClient: (options) => createProcessingClient({ ...options, responseTimeoutMs }) };
}

// A packaged build takes no command-line switch but the few it understands: see shell/debug-switches.ts.
const refused = app.isPackaged ? refusedSwitches(process.argv, { hasSwitch: (name) => app.commandLine.hasSwitch(name) }) : [];

registerAppScheme();

if (refused.length > 0) {
  console.error(`[main] ${switchesRefusal(refused)}`);
  app.exit(1);
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  guardApp({ allowedOrigin, isOurs });
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  let closing = false;
  app.on('will-quit', (event) => {
    // Stops the local sandbox (and saves its state) before the process goes.
    if (!services || closing) return;
    event.preventDefault();
    closing = true;
    void services.close().finally(() => app.quit());
  });
  app.whenReady().then(start).catch((error: unknown) => {
    console.error('[main] the app could not start', error);
    // Usually the keychain (a configuration AppFailure, whose message is plain words and secret-free),
    // said in the OS's language: the app's own choice (locale.json) may be what could not be read.
    const say = sayerFor(negotiateLanguage(app.getPreferredSystemLanguages()));
    const why = isAppFailure(error) && error.wording ? sayWording(say, error.wording) : error instanceof Error ? error.message : String(error);
    dialog.showErrorBox(say('main.shell.startFailed'), why);
    app.exit(1);
  });
}
