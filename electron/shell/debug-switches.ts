/**
 * The command-line switches a packaged build starts with: those the app itself understands, and no
 * other. Chromium and Electron take hundreds of switches, and many hand the app to whoever wrote
 * the shortcut or the launcher that started it (https://www.electronjs.org/docs/latest/api/command-line-switches):
 * a debugger on the DevTools protocol (--remote-debugging-port), a program run in front of every
 * renderer or GPU process (--renderer-cmd-prefix, --gpu-launcher, --utility-cmd-prefix,
 * --browser-subprocess-path), another proxy or another resolver for the service's host
 * (--proxy-server, --host-rules, --host-resolver-rules), certificate errors ignored, another data
 * folder (--user-data-dir), extensions, V8 flags, no sandbox. A list of the bad ones is never
 * complete (a new Electron brings new ones), so a packaged build refuses to start with any switch
 * but those below.
 *
 * Node's own --inspect family is also off by a fuse (EnableNodeCliInspectArguments in
 * electron-builder.yml, https://www.electronjs.org/docs/latest/tutorial/fuses); Chromium's switches
 * have no fuse, hence this check. An unpackaged build (development, the e2e suites) is not checked.
 */

/**
 * What the packaged app understands: --lang, the locale Chromium formats dates and times in
 * (the renderer's toLocaleString). Nothing else of the app reads a switch.
 */
export const ACCEPTED_SWITCHES: readonly string[] = ['lang'];

/**
 * Switches that are refused, whatever their spelling on the command line, by asking Electron's own
 * parse too (app.commandLine.hasSwitch, https://www.electronjs.org/docs/latest/api/command-line):
 * a second net under the argv scan for the ones that matter most, should Chromium read a switch
 * that process.argv does not show.
 */
export const DANGEROUS_SWITCHES = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'remote-allow-origins',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'inspect-publish-uid',
  'debug',
  'debug-brk',
  'js-flags',
  'renderer-cmd-prefix',
  'gpu-launcher',
  'utility-cmd-prefix',
  'browser-subprocess-path',
  'proxy-server',
  'proxy-pac-url',
  'host-rules',
  'host-resolver-rules',
  'ignore-certificate-errors',
  'ignore-certificate-errors-spki-list',
  'user-data-dir',
  'load-extension',
  'no-sandbox',
  'disable-web-security',
] as const;

/**
 * Chromium takes `--name`, `-name` and, on Windows only, `/name`, each with an optional `=value`
 * (base/command_line.cc, kSwitchPrefixes); everything after a bare `--` is an argument, not a
 * switch. The name is all up to `=`, whatever its characters.
 */
function switchName(argument: string, platform: NodeJS.Platform): string | null {
  const prefix = /^--?/.exec(argument)?.[0] ?? (platform === 'win32' && argument.startsWith('/') ? '/' : '');
  if (prefix === '' || argument.length === prefix.length) return null;
  // Lower case: Chromium does so on Windows, and an upper-case look-alike is refused all the same.
  return argument.slice(prefix.length).split('=', 1)[0]!.toLowerCase();
}

/**
 * macOS's launcher once added -psn_<process serial number> to an app started from the Finder;
 * it is no switch of the person's, and Chromium does nothing with it.
 */
const MAC_PROCESS_SERIAL = /^psn_\d+_\d+$/;

export type SwitchCheck = {
  platform?: NodeJS.Platform;
  /** Electron's parse of the command line (app.commandLine.hasSwitch). */
  hasSwitch?: (name: string) => boolean;
};

/** The switches present that the app does not accept, by name, each once, in the order given. */
export function refusedSwitches(argv: readonly string[], check: SwitchCheck = {}): string[] {
  const platform = check.platform ?? process.platform;
  const found = new Set<string>();
  // argv[0] is the program itself.
  for (const argument of argv.slice(1)) {
    if (argument === '--') break;
    const name = switchName(argument, platform);
    if (name === null || ACCEPTED_SWITCHES.includes(name)) continue;
    if (platform === 'darwin' && MAC_PROCESS_SERIAL.test(name)) continue;
    found.add(name);
  }
  for (const name of DANGEROUS_SWITCHES) if (check.hasSwitch?.(name)) found.add(name);
  return [...found];
}

/** What a person reads on stderr (and in the error box) when a packaged build refuses to start. */
export function switchesRefusal(found: readonly string[]): string {
  const named = found.map((name) => `--${name}`).join(', ');
  const accepted = ACCEPTED_SWITCHES.map((name) => `--${name}`).join(', ');
  return `Merchant Console does not start with the command-line switch${found.length === 1 ? '' : 'es'} ${named}: it takes no switch but ${accepted}, because others could let another program read or control the app, or its connections. Start it without ${found.length === 1 ? 'it' : 'them'}.`;
}
