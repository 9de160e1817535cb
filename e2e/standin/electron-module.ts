import { electronFor } from './registry.ts';

/**
 * What `import { app, ... } from 'electron'` gives a module of a stand-in (see loader.ts): the
 * main-process parts that electron/main.ts and electron/shell/* use, and nothing else, so a new
 * use of Electron fails at once ("does not provide an export named ...") instead of silently.
 */
const electron = electronFor(import.meta.url);

export const { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell, webContents } = electron;
export default electron;
