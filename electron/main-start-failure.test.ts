import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { currentFakeElectron } from './shell/testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./shell/testing/fake-electron.ts')).currentFakeElectron().module);

const dataDir = await mkdtemp(join(tmpdir(), 'mc-main-fail-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('electron main, start failure', () => {
  it('says why in plain words and exits, without opening a window or answering IPC', async () => {
    // A damaged profiles.json stops the start before the keychain is touched.
    await writeFile(join(dataDir, 'profiles.json'), '{ not json');
    const fake = currentFakeElectron();
    fake.app.setPath('userData', dataDir);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await import('./main.ts');
    await vi.waitFor(() => expect(fake.app.exitCodes).toEqual([1]));
    expect(fake.errorBoxes).toEqual([['Merchant Console could not start', expect.stringContaining('profiles.json')]]);
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
  });
});
