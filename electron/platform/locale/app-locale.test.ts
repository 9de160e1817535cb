import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_FILE, openAppLocale } from './index.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-locale-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const GERMAN_OS = { preferredLanguages: ['de-DE', 'de-DE', 'de', 'de'], systemLocale: 'de-DE' };

describe('the app’s locale in main', () => {
  it('follows the OS until the person chooses; the choice is kept in locale.json (0600) and wins after a restart', async () => {
    const locale = await openAppLocale({ dataDir, system: GERMAN_OS });
    expect(locale.current()).toEqual({ language: 'de', formatLocale: 'de-DE' });
    expect(locale.say('transactions.title')).toBe('Transaktionen');
    const heard: string[] = [];
    locale.onChange(() => heard.push(locale.say('main.shell.menu.file')));

    const view = await locale.choose({ language: 'fr', formatLocale: 'fr-CH' });
    expect(view).toMatchObject({ language: 'fr', formatLocale: 'fr-CH', system: { language: 'de', formatLocale: 'de-DE' }, choices: ['en', 'de', 'fr'] });
    expect(locale.say('main.lookup.limit', { limit: 60, seconds: 12 })).toBe(
      'Cette console recherche au plus 60 transactions par minute. Rien n’a été envoyé ; la prochaine recherche est possible dans 12 s.',
    );
    expect((await stat(join(dataDir, LOCALE_FILE))).mode & 0o777).toBe(0o600);
    // Told after the change, in the new language (main draws its menu again).
    expect(heard).toEqual(['Fichier']);

    const again = await openAppLocale({ dataDir, system: GERMAN_OS });
    expect(again.current()).toEqual({ language: 'fr', formatLocale: 'fr-CH' });
    await again.choose({ language: null, formatLocale: null });
    expect((await openAppLocale({ dataDir, system: GERMAN_OS })).current()).toEqual({ language: 'de', formatLocale: 'de-DE' });
  });

  it('keeps the pseudo-locale only where tests allow it', async () => {
    const shipped = await openAppLocale({ dataDir, system: GERMAN_OS });
    expect((await shipped.choose({ language: 'en-XA', formatLocale: null })).language).toBe('de');
    expect(JSON.parse(await readFile(join(dataDir, LOCALE_FILE), 'utf8'))).toMatchObject({ override: { language: null } });

    const testing = await openAppLocale({ dataDir, system: GERMAN_OS, allowPseudo: true });
    expect((await testing.choose({ language: 'en-XA', formatLocale: null })).language).toBe('en-XA');
    expect(testing.say('transactions.title')).toBe('[Ţŕáñšáçţíóñš~~~~~]');
  });

  it('starts on the OS’s locale when locale.json is damaged, and says so in the log', async () => {
    await writeFile(join(dataDir, LOCALE_FILE), '{"version":1,"override":{"language":"xx"}}');
    const logged: string[] = [];
    const locale = await openAppLocale({ dataDir, system: GERMAN_OS, log: (message) => logged.push(message) });
    expect(locale.current()).toEqual({ language: 'de', formatLocale: 'de-DE' });
    expect(logged).toEqual([expect.stringContaining('locale.json')]);
  });
});
