import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './csp.ts';
import { currentFakeElectron } from './testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { registerAppScheme, resolveRendererFile, serveRenderer } = await import('./protocol.ts');

let base: string;
let root: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'mc-protocol-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(base, 'secret.txt'), 'outside the renderer');
});
afterAll(() => rm(base, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('registers app:// as a standard, secure scheme', () => {
    registerAppScheme();
    expect(currentFakeElectron().privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
  });

  it('maps app://renderer paths into the renderer folder', () => {
    expect(resolveRendererFile(root, 'app://renderer/')).toBe(join(root, 'index.html'));
    expect(resolveRendererFile(root, 'app://renderer/assets/app.js?v=1#x')).toBe(join(root, 'assets', 'app.js'));
  });

  it('refuses paths that leave the folder, and other hosts or schemes', () => {
    for (const url of [
      'app://renderer/../secret.txt',
      'app://renderer/%2e%2e/secret.txt',
      'app://renderer/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://renderer/..%2fsecret.txt',
      'app://renderer/..%5csecret.txt',
      'app://renderer/index.html%00.js',
      'app://renderer/%E0%A4%A',
      'app://other/index.html',
      'file:///etc/passwd',
    ]) {
      const file = resolveRendererFile(root, url);
      expect(file === null || file.startsWith(`${root}/`), url).toBe(true);
      // URL parsing may fold a plain `..` away, leaving a harmless path inside the folder.
      expect(file, url).not.toBe(join(base, 'secret.txt'));
    }
  });

  it('serves files with the CSP and a content type, and 404 for anything else', async () => {
    const fake = currentFakeElectron();
    serveRenderer(root);
    const handler = fake.protocolHandlers.get('app');
    const page = await handler?.(new Request('app://renderer/index.html'));
    expect(page?.status).toBe(200);
    expect(page?.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page?.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page?.text()).toContain('<title>x</title>');
    expect((await handler?.(new Request('app://renderer/assets/app.js')))?.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await handler?.(new Request('app://renderer/%2e%2e/secret.txt')))?.status).toBe(404);
    expect((await handler?.(new Request('app://renderer/missing.js')))?.status).toBe(404);
  });
});
