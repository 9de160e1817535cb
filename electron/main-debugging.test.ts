import { describe, expect, it, vi } from 'vitest';
import { currentFakeElectron } from './shell/testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./shell/testing/fake-electron.ts')).currentFakeElectron().module);

describe('electron main, started with a debugging switch', () => {
  it('exits at once when packaged: no lock, no window, no IPC, no sandbox', async () => {
    const fake = currentFakeElectron();
    // As Electron parses `merchant-console --remote-debugging-port=9222` (app.commandLine).
    fake.app.switches.add('remote-debugging-port');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await import('./main.ts');
    expect(fake.app.exitCodes).toEqual([1]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('--remote-debugging-port'));
    // Give a start that should not happen the chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
  });
});
