/**
 * Switches that open the app to a debugger: Chromium's remote debugging (the DevTools protocol over
 * a port or a pipe) and Node's inspector. Either turns the person at the keyboard, or whoever talks
 * them into adding a flag to a shortcut, into a compromised renderer (issue 11), so a packaged build
 * refuses to start with any of them. The fuses already turn off Node's `--inspect` family inside
 * Electron (EnableNodeCliInspectArguments); Chromium's switches have no fuse, hence this check.
 */

/** Lower-case names, as Chromium stores switches (base/command_line.cc lower-cases them on Windows). */
export const DEBUGGING_SWITCHES = [
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
] as const;

/**
 * Chromium accepts `--name`, `-name` and, on Windows, `/name`, each with an optional `=value`
 * (base/command_line.cc, kSwitchPrefixes); everything after a bare `--` is an argument, not a switch.
 */
const SWITCH = /^(?:--|-|\/)([A-Za-z][\w-]*)(?:=.*)?$/s;

/**
 * The debugging switches present, by their canonical name. `hasSwitch` is Electron's own parse
 * (app.commandLine.hasSwitch); the argv scan also catches what Node parsed before Chromium did.
 */
export function debuggingSwitches(argv: readonly string[], hasSwitch: (name: string) => boolean = () => false): string[] {
  const found = new Set<string>();
  for (const argument of argv) {
    if (argument === '--') break;
    const name = SWITCH.exec(argument)?.[1]?.toLowerCase();
    if (name && (DEBUGGING_SWITCHES as readonly string[]).includes(name)) found.add(name);
  }
  for (const name of DEBUGGING_SWITCHES) if (hasSwitch(name)) found.add(name);
  return DEBUGGING_SWITCHES.filter((name) => found.has(name));
}

/** What a person reads on stderr (and in the error box) when a packaged build refuses to start. */
export function debuggingRefusal(found: readonly string[]): string {
  return `Merchant Console does not start with debugging switches (${found.map((name) => `--${name}`).join(', ')}): they would let another program read and control the app. Start it without them.`;
}
