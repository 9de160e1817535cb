import { describe, expect, it } from 'vitest';
import { DEBUGGING_SWITCHES, debuggingRefusal, debuggingSwitches } from './debug-switches.ts';

describe('debugging switches', () => {
  it('finds none in an ordinary start', () => {
    expect(debuggingSwitches(['/opt/Merchant Console/merchant-console', '--no-sandbox', '--lang=de'])).toEqual([]);
  });

  it('finds every form Chromium accepts: --name, --name=value, -name and /name, in any case', () => {
    expect(debuggingSwitches(['app', '--remote-debugging-port=9222'])).toEqual(['remote-debugging-port']);
    expect(debuggingSwitches(['app', '--remote-debugging-pipe'])).toEqual(['remote-debugging-pipe']);
    expect(debuggingSwitches(['app', '-remote-debugging-port=0'])).toEqual(['remote-debugging-port']);
    expect(debuggingSwitches(['app.exe', '/Remote-Debugging-Port=9222'])).toEqual(['remote-debugging-port']);
    expect(debuggingSwitches(['app', '--inspect-brk=0.0.0.0:9229', '--js-flags=--allow-natives-syntax'])).toEqual([
      'inspect-brk',
      'js-flags',
    ]);
  });

  it('does not take a look-alike or an argument after -- for a switch', () => {
    expect(debuggingSwitches(['app', '--remote-debugging-portal', '--inspector', 'remote-debugging-port'])).toEqual([]);
    expect(debuggingSwitches(['app', '--', '--remote-debugging-port=9222'])).toEqual([]);
  });

  it("also asks Electron's own parse of the command line", () => {
    expect(debuggingSwitches(['app'], (name) => name === 'remote-debugging-port')).toEqual(['remote-debugging-port']);
    expect(DEBUGGING_SWITCHES).toContain('remote-debugging-pipe');
  });

  it('says in plain words which switches stopped the start', () => {
    expect(debuggingRefusal(['remote-debugging-port', 'inspect'])).toBe(
      'Merchant Console does not start with debugging switches (--remote-debugging-port, --inspect): they would let another program read and control the app. Start it without them.',
    );
  });
});
