import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentFakeElectron } from './shell/testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./shell/testing/fake-electron.ts')).currentFakeElectron().module);

// A packaged build (the fake says isPackaged: true) started as
//   SSL_CERT_FILE=/tmp/evil-ca.pem SSL_CERT_DIR=/tmp/evil merchant-console --lang=de --proxy-server=http://10.0.0.9:8080
// where neither switch is one of the debugging ones refused before.
const fake = currentFakeElectron();
const errors = vi.spyOn(console, 'error');
/** What main wrote to stderr while it started (vitest clears a spy's calls before each test). */
let said: unknown[][] = [];
beforeAll(async () => {
  errors.mockImplementation(() => {});
  const argv = process.argv;
  process.argv = [argv[0]!, '--lang=de', '--proxy-server=http://10.0.0.9:8080'];
  process.env.SSL_CERT_FILE = '/tmp/evil-ca.pem';
  process.env.SSL_CERT_DIR = '/tmp/evil';
  try {
    await import('./main.ts');
    said = errors.mock.calls.map((call) => [...call]);
  } finally {
    process.argv = argv;
  }
});
afterAll(() => {
  delete process.env.SSL_CERT_FILE;
  delete process.env.SSL_CERT_DIR;
});

describe('electron main, packaged, started with a switch it does not understand', () => {
  it('exits at once naming the switch: no lock, no window, no IPC', async () => {
    expect(fake.app.exitCodes).toEqual([1]);
    expect(said).toEqual([[expect.stringContaining('--proxy-server')]]);
    // --lang, which the app understands, is not among those refused.
    expect(said[0]?.[0]).toContain('with the command-line switch --proxy-server: ');
    // What a start would have done at once: wait for a second instance.
    expect(fake.app.listenerCount('second-instance')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
  });

  it('has taken SSL_CERT_FILE and SSL_CERT_DIR out of its environment before anything could read the system store', () => {
    expect(process.env.SSL_CERT_FILE).toBeUndefined();
    expect(process.env.SSL_CERT_DIR).toBeUndefined();
  });
});
