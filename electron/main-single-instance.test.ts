import { describe, expect, it, vi } from 'vitest';
import { currentFakeElectron } from './shell/testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./shell/testing/fake-electron.ts')).currentFakeElectron().module);

describe('electron main, second instance', () => {
  it('quits at once when another instance holds the lock: no window, no IPC, no services', async () => {
    const fake = currentFakeElectron();
    fake.app.hasLock = false;
    await import('./main.ts');
    await Promise.resolve();
    expect(fake.app.quitCalls).toBe(1);
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
  });
});
