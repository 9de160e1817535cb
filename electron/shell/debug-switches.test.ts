import { describe, expect, it } from 'vitest';
import { ACCEPTED_SWITCHES, DANGEROUS_SWITCHES, refusedSwitches, switchesRefusal } from './debug-switches.ts';

const linux = { platform: 'linux' } as const;

describe('command-line switches of a packaged build', () => {
  it('accepts an ordinary start, and --lang, the one switch the app understands', () => {
    expect(refusedSwitches(['/opt/Merchant Console/merchant-console'], linux)).toEqual([]);
    expect(refusedSwitches(['merchant-console', '--lang=de'], linux)).toEqual([]);
    expect(ACCEPTED_SWITCHES).toEqual(['lang']);
  });

  it('refuses every switch it does not understand, not only the debugging ones', () => {
    const argv = [
      'merchant-console',
      '--renderer-cmd-prefix=/tmp/x.sh',
      '--gpu-launcher=/tmp/x.sh',
      '--utility-cmd-prefix=/tmp/x.sh',
      '--browser-subprocess-path=/tmp/x',
      '--proxy-server=http://10.0.0.9:8080',
      '--user-data-dir=/tmp/other',
      '--load-extension=/tmp/ext',
      '--host-rules=MAP * 10.0.0.9',
      '--host-resolver-rules=MAP * 10.0.0.9',
      '--ignore-certificate-errors',
      '--remote-allow-origins=*',
      '--js-flags=--allow-natives-syntax',
      '--no-sandbox',
      '--disable-web-security',
      '--some-switch-of-a-future-electron',
    ];
    expect(refusedSwitches(argv, linux)).toEqual(argv.slice(1).map((argument) => argument.slice(2).split('=', 1)[0]));
  });

  it('finds every form Chromium accepts: --name, --name=value, -name, and /name on Windows, in any case', () => {
    expect(refusedSwitches(['app', '--remote-debugging-port=9222'], linux)).toEqual(['remote-debugging-port']);
    expect(refusedSwitches(['app', '-remote-debugging-port=0'], linux)).toEqual(['remote-debugging-port']);
    expect(refusedSwitches(['app', '--Proxy-Server=x'], linux)).toEqual(['proxy-server']);
    expect(refusedSwitches(['app.exe', '/Remote-Debugging-Port=9222'], { platform: 'win32' })).toEqual(['remote-debugging-port']);
    // A name of any characters is still a switch, and its own name is what the refusal gives.
    expect(refusedSwitches(['app', '--proxy.server=x', '--lang.x'], linux)).toEqual(['proxy.server', 'lang.x']);
  });

  it('does not take a path, an argument after --, or the program itself for a switch', () => {
    expect(refusedSwitches(['app', '/tmp', 'remote-debugging-port'], linux)).toEqual([]);
    expect(refusedSwitches(['app', '--', '--remote-debugging-port=9222'], linux)).toEqual([]);
    expect(refusedSwitches(['--app'], linux)).toEqual([]);
  });

  it("lets macOS's process serial number through on macOS only", () => {
    expect(refusedSwitches(['app', '-psn_0_1234567'], { platform: 'darwin' })).toEqual([]);
    expect(refusedSwitches(['app', '-psn_0_1234567'], linux)).toEqual(['psn_0_1234567']);
  });

  it("also asks Electron's own parse of the command line for the dangerous ones", () => {
    expect(refusedSwitches(['app'], { ...linux, hasSwitch: (name) => name === 'renderer-cmd-prefix' })).toEqual(['renderer-cmd-prefix']);
    expect(DANGEROUS_SWITCHES).toEqual(expect.arrayContaining(['remote-debugging-pipe', 'gpu-launcher', 'proxy-server', 'user-data-dir', 'no-sandbox']));
  });

  it('says in plain words which switches stopped the start', () => {
    expect(switchesRefusal(['proxy-server'])).toBe(
      'Merchant Console does not start with the command-line switch --proxy-server: it takes no switch but --lang, because others could let another program read or control the app, or its connections. Start it without it.',
    );
    expect(switchesRefusal(['remote-debugging-port', 'inspect'])).toContain('switches --remote-debugging-port, --inspect:');
  });
});
