import { app, dialog } from 'electron';
import type { BrowserWindow, FileFilter } from 'electron';
import { join } from 'node:path';
import type { ChooseSavePath } from '../platform/services/index.ts';

const FILTERS: Record<'csv' | 'pdf', FileFilter> = {
  csv: { name: 'CSV (comma-separated values)', extensions: ['csv'] },
  pdf: { name: 'PDF document', extensions: ['pdf'] },
};

/**
 * Exports go where the person chooses, through the system's own save dialog (modal to the app's
 * window), starting in Documents with a suggested name; cancelling answers null.
 */
export function saveDialog(parent: () => BrowserWindow | null): ChooseSavePath {
  return async ({ defaultName, kind }) => {
    const options = { defaultPath: join(app.getPath('documents'), defaultName), filters: [FILTERS[kind]] };
    const window = parent();
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  };
}
