import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';

/**
 * The app's own menu, in place of Electron's default one, whose View menu carries "Toggle Developer
 * Tools" (Ctrl+Shift+I) and "Reload" (electron/lib/browser/default-menu.ts). A packaged build
 * offers neither: DevTools would make anyone at the keyboard a compromised renderer (docs/security.md).
 * Edit stays, because on macOS the clipboard shortcuts only work through menu roles.
 */
export function appMenuTemplate(options: { isPackaged: boolean; platform: NodeJS.Platform; name: string }): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: options.name,
      submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
    });
  }
  template.push({ label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] });
  template.push({
    label: 'Edit',
    submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
  });
  const view: MenuItemConstructorOptions[] = [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }];
  // Development only (npm run dev, npm start): a developer's own tools.
  if (!options.isPackaged) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  template.push({ label: 'View', submenu: view });
  template.push({ label: 'Window', submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }] });
  return template;
}

export function installAppMenu(options: Parameters<typeof appMenuTemplate>[0]): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(options)));
}
