import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { sayerFor } from '../../shared/i18n/index.ts';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { appMenuTemplate } = await import('./menu.ts');

/** Every role anywhere in the menu, depth first. */
function roles(items: readonly MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

describe('the app menu', () => {
  for (const platform of ['linux', 'win32', 'darwin'] as const) {
    it(`offers no developer tools and no reload in a packaged build (${platform})`, () => {
      const packaged = roles(appMenuTemplate({ isPackaged: true, platform, name: 'Merchant Console', say: sayerFor('en') }));
      expect(packaged).not.toContain('toggleDevTools');
      expect(packaged).not.toContain('reload');
      expect(packaged).not.toContain('forceReload');
      // The clipboard shortcuts work through the Edit roles.
      expect(packaged).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll']));
    });
  }

  it('gives a developer DevTools and reload when not packaged', () => {
    const development = roles(appMenuTemplate({ isPackaged: false, platform: 'linux', name: 'Merchant Console', say: sayerFor('en') }));
    expect(development).toEqual(expect.arrayContaining(['toggleDevTools', 'reload']));
  });

  it('has the application menu on macOS only', () => {
    expect(appMenuTemplate({ isPackaged: true, platform: 'darwin', name: 'Merchant Console', say: sayerFor('en') })[0]?.label).toBe('Merchant Console');
    expect(appMenuTemplate({ isPackaged: true, platform: 'win32', name: 'Merchant Console', say: sayerFor('en') })[0]?.label).toBe('File');
  });

  it('speaks the window’s language, the roles’ labels too', () => {
    const german = appMenuTemplate({ isPackaged: true, platform: 'linux', name: 'Merchant Console', say: sayerFor('de') });
    expect(german.map((menu) => menu.label)).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster']);
    const edit = german[1]?.submenu as MenuItemConstructorOptions[];
    expect(edit.filter((item) => item.role).map((item) => item.label)).toEqual(['Rückgängig', 'Wiederholen', 'Ausschneiden', 'Kopieren', 'Einfügen', 'Alles auswählen']);
    const french = appMenuTemplate({ isPackaged: true, platform: 'darwin', name: 'Merchant Console', say: sayerFor('fr') });
    expect((french[0]?.submenu as MenuItemConstructorOptions[]).at(-1)).toEqual({ role: 'quit', label: 'Quitter Merchant Console' });
  });
});
