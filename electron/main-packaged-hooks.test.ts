import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_SANDBOX_ID } from './platform/profiles/profile-book.ts';
import { accountsOf, createKeytarSecretStore, DEFAULT_KEYCHAIN_SERVICE } from './platform/profiles/secret-store.ts';
import { currentFakeElectron } from './shell/testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./shell/testing/fake-electron.ts')).currentFakeElectron().module);

// Test hooks must not work in production (docs/security.md, "Packaged builds cannot be debugged"):
// a packaged build reads none of the MERCHANT_CONSOLE_* variables that the tests of the unpackaged app use. The fake says isPackaged: true.

const dataDir = await mkdtemp(join(tmpdir(), 'mc-packaged-'));
const elsewhere = await mkdtemp(join(tmpdir(), 'mc-packaged-elsewhere-'));
afterAll(async () => {
  const keychain = createKeytarSecretStore(DEFAULT_KEYCHAIN_SERVICE);
  for (const account of Object.values(accountsOf(LOCAL_SANDBOX_ID))) await keychain.delete(account);
  await rm(dataDir, { recursive: true, force: true });
  await rm(elsewhere, { recursive: true, force: true });
});

describe('electron main, packaged', () => {
  it('ignores the test hooks: its own data folder, the default keychain service, the default timeout', async () => {
    const fake = currentFakeElectron();
    expect(fake.app.isPackaged).toBe(true);
    fake.app.setPath('userData', dataDir);
    process.env.MERCHANT_CONSOLE_DATA_DIR = elsewhere;
    process.env.MERCHANT_CONSOLE_KEYCHAIN_SERVICE = 'Merchant Console hooked';
    // Honoured, this would stop the start with an error (main.ts checks it is whole milliseconds).
    process.env.MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS = 'soon';
    try {
      await import('./main.ts');
      await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 });
    } finally {
      delete process.env.MERCHANT_CONSOLE_DATA_DIR;
      delete process.env.MERCHANT_CONSOLE_KEYCHAIN_SERVICE;
      delete process.env.MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS;
    }
    expect(fake.app.exitCodes).toEqual([]);
    expect(fake.app.getPath('userData')).toBe(dataDir);
    expect(await readdir(elsewhere)).toEqual([]);
    expect(await readdir(dataDir)).toContain('profiles.json');
    // The local sandbox's generated credentials went to the app's own keychain service.
    const account = accountsOf(LOCAL_SANDBOX_ID).credentials;
    expect(await createKeytarSecretStore('Merchant Console hooked').get(account)).toBeNull();
    expect(await createKeytarSecretStore(DEFAULT_KEYCHAIN_SERVICE).get(account)).not.toBeNull();
  });
});
