import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { IDENTITY_FILE, openIdentity } from './index.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-identity-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('identity: who this desktop\'s journal entries name', () => {
  it('makes a desktop id once per data folder, in a 0600 file, and names the computer; no display name until set', async () => {
    const identity = await openIdentity(dataDir);
    const author = identity.author();
    expect(author).toEqual({ name: null, computer: hostname(), desktopId: expect.stringMatching(UUID) });
    // The first start on this data folder: the screens are to ask for the name.
    expect(identity.view()).toEqual({ displayName: null, computer: hostname(), askAtStart: true });
    expect((await stat(join(dataDir, IDENTITY_FILE))).mode & 0o777).toBe(0o600);
    const again = await openIdentity(dataDir);
    expect(again.author().desktopId).toBe(author.desktopId);
    // A later start is no first run: the name is asked on the Profiles screen only.
    expect(again.view()).toEqual({ displayName: null, computer: hostname() });
    const elsewhere = await mkdtemp(join(tmpdir(), 'mc-identity-other-'));
    try {
      expect((await openIdentity(elsewhere)).author().desktopId).not.toBe(author.desktopId);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('sets the display name once, trimmed, kept across openings; the same name again is fine, another is refused', async () => {
    const identity = await openIdentity(dataDir, { computer: () => 'FINANCE-01' });
    expect(await identity.setDisplayName('  Ana Ruiz ')).toEqual({ displayName: 'Ana Ruiz', computer: 'FINANCE-01' });
    expect(identity.author()).toMatchObject({ name: 'Ana Ruiz', computer: 'FINANCE-01' });
    expect(await identity.setDisplayName('Ana Ruiz')).toEqual({ displayName: 'Ana Ruiz', computer: 'FINANCE-01' });
    await expect(identity.setDisplayName('Someone Else')).rejects.toMatchObject({
      error: { kind: 'invalid_request', message: expect.stringContaining('already set to "Ana Ruiz" and cannot be changed'), fields: { displayName: expect.any(String) } },
    });
    const reopened = await openIdentity(dataDir);
    expect(reopened.view().displayName).toBe('Ana Ruiz');
    await expect(reopened.setDisplayName('Someone Else')).rejects.toMatchObject({ error: { kind: 'invalid_request' } });
  });

  it('lets only one of two settings at once win, and leaves no temp file', async () => {
    const identity = await openIdentity(dataDir);
    const results = await Promise.allSettled([identity.setDisplayName('Ana Ruiz'), identity.setDisplayName('Bo Chen')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(JSON.parse(await readFile(join(dataDir, IDENTITY_FILE), 'utf8'))).toMatchObject({ displayName: 'Ana Ruiz' });
    expect(await readdir(dataDir)).toEqual([IDENTITY_FILE]);
  });

  it.each([
    ['', 'Enter your name'],
    ['   ', 'Enter your name'],
    ['x'.repeat(101), 'A name is at most 100 characters'],
    ['Ana\nRuiz', 'A name cannot hold control characters'],
    ['Ana\u0007', 'A name cannot hold control characters'],
    ['Ana \u202Ezuir', 'A name cannot hold control characters'],
  ])('refuses the name %j: %s, and stays unset', async (name, message) => {
    const identity = await openIdentity(dataDir);
    const failure: unknown = await identity.setDisplayName(name).catch((thrown: unknown) => thrown);
    expect(failure).toMatchObject({ error: { kind: 'invalid_request', message } });
    // The field's rule travels encoded (shared/i18n/rule-message.ts): compared as an English window words it.
    expect(inEnglish((failure as { error: { fields: Record<string, string> } }).error.fields['displayName'])).toBe(message);
    expect(identity.view().displayName).toBeNull();
  });

  it('counts characters, not UTF-16 units: 100 emoji are a name', async () => {
    const identity = await openIdentity(dataDir);
    expect((await identity.setDisplayName('😀'.repeat(100))).displayName).toHaveLength(200);
  });

  it('reports a damaged identity.json instead of making a new desktop id', async () => {
    await writeFile(join(dataDir, IDENTITY_FILE), '{"version":1,"desktopId":"not-a-uuid","displayName":null}');
    await expect(openIdentity(dataDir)).rejects.toMatchObject({ error: { kind: 'configuration', message: 'identity.json in the data folder is damaged.' } });
    await writeFile(join(dataDir, IDENTITY_FILE), '{');
    await expect(openIdentity(dataDir)).rejects.toMatchObject({ error: { kind: 'configuration', message: 'identity.json in the data folder is damaged (not JSON).' } });
  });
});
