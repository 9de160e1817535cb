import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import type { Say } from '../../shared/i18n/index.ts';

type Role = NonNullable<MenuItemConstructorOptions['role']>;

/**
 * The app's own menu, in place of Electron's default one, whose View menu carries "Toggle Developer
 * Tools" (Ctrl+Shift+I) and "Reload" (electron/lib/browser/default-menu.ts). A packaged build
 * offers neither: DevTools would make anyone at the keyboard a compromised renderer (docs/security.md).
 * Edit stays, because on macOS the clipboard shortcuts only work through menu roles. Every label is
 * the window's language's (`say`), the roles' too (Electron's own labels are English).
 */
export function appMenuTemplate(options: { isPackaged: boolean; platform: NodeJS.Platform; name: string; say: Say }): MenuItemConstructorOptions[] {
  const { say, name } = options;
  const mac = options.platform === 'darwin';
  const item = (role: Role, words: string = role): MenuItemConstructorOptions => ({ role, label: say('main.shell.menu.item', { role: words, name }) });
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: name,
      submenu: [item('about'), separator, item('hide'), item('hideOthers'), item('unhide'), separator, item('quit', 'quitApp')],
    });
  }
  const quit = options.platform === 'win32' ? item('quit', 'exit') : item('quit');
  template.push({ label: say('main.shell.menu.file'), submenu: [mac ? item('close') : quit] });
  template.push({
    label: say('main.shell.menu.edit'),
    submenu: [item('undo'), item('redo'), separator, item('cut'), item('copy'), item('paste'), item('selectAll')],
  });
  const view: MenuItemConstructorOptions[] = [item('resetZoom'), item('zoomIn'), item('zoomOut'), separator, item('togglefullscreen')];
  // Development only (npm run dev, npm start): a developer's own tools.
  if (!options.isPackaged) view.push(separator, item('reload'), item('toggleDevTools'));
  template.push({ label: say('main.shell.menu.view'), submenu: view });
  template.push({
    label: say('main.shell.menu.window'),
    submenu: mac ? [item('minimize'), item('zoom'), separator, item('front')] : [item('minimize'), item('close')],
  });
  return template;
}

/** Installs the menu in the language `say` speaks; installed again when the language changes (main.ts). */
export function installAppMenu(options: Parameters<typeof appMenuTemplate>[0]): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(options)));
}
