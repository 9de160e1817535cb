import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchApp } from '../harness/app.ts';
import { expect, test } from '../harness/fixtures.ts';
import { uniqueKeychainService } from '../harness/keychain.ts';
import { expectLocalSandboxActive } from '../scenarios/profiles.ts';

/**
 * The Local sandbox's saved records, damaged (a disk filled up mid-write, a hand edit): the sandbox
 * keeps the file aside and starts afresh, and the person is told so on screen, with where the file
 * was kept, rather than finding balances reset and orders "not found" without a word.
 */
test('a damaged saved state of the Local sandbox is kept aside, and the screen says so', async ({ browser }, testInfo) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'merchant-console-e2e-damaged-'));
  const damaged = '{"version": 1, "nextInvoiceId": 826903, "balan';
  await mkdir(join(dataDir, 'local-sandbox'), { recursive: true });
  await writeFile(join(dataDir, 'local-sandbox', 'state.json'), damaged);
  const app = await launchApp({ browser, dataDir, keychainService: uniqueKeychainService(`${testInfo.workerIndex}-damaged`) });
  try {
    const { page } = app;
    await expectLocalSandboxActive(page);
    const notice = page.getByTestId('app-notice');
    await expect(notice).toContainText('The Local sandbox’s saved records could not be read');
    await expect(notice).toContainText('New ids carry on above the old ones');
    const keptAs = await page.getByTestId('app-notice-kept-as').textContent();
    // The file named on screen is the damaged one, untouched.
    expect(keptAs).toMatch(/state\.json\.damaged-/);
    expect(await readFile(keptAs ?? '', 'utf8')).toBe(damaged);
    expect((await readdir(join(dataDir, 'local-sandbox'))).some((name) => name.startsWith('state.json.damaged-'))).toBe(true);

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    expect(app.problems(), 'the page or the Electron stand-in reported problems').toEqual([]);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a readable saved state shows no notice', async ({ page, bridge }) => {
  await expectLocalSandboxActive(page);
  // The notices were asked for and answered (the sandbox started to answer them): none is shown.
  await expect.poll(() => bridge.calls.includes('app.notices')).toBe(true);
  await expect(page.getByTestId('app-notice')).toHaveCount(0);
});
