import { existsSync, mkdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { StandinDesktop } from '../standin/desktop.ts';

/**
 * Where the preview's exports go. The stand-in draws no native dialog, and in the preview nobody
 * queues answers as a test does, so Export CSV and the dispute report would be cancelled every
 * time. Instead every save dialog is answered as a person would who keeps the suggested name and
 * picks one visible folder: Electron's dialog.showSaveDialog resolves `{ canceled: false, filePath }`
 * for a chosen file, and takes `defaultPath` as "absolute directory path, absolute file path, or file
 * name to use by default" (https://www.electronjs.org/docs/latest/api/dialog#dialogshowsavedialogwindow-options).
 * A file already there is kept: the new one gets " (2)", " (3)", ... before its extension, so each
 * export stays to be looked at.
 */

export function saveInto(folder: string, saved: (path: string) => void = () => undefined): (options: SaveDialogOptions) => SaveDialogReturnValue {
  return (options) => {
    mkdirSync(folder, { recursive: true });
    const suggested = basename(options.defaultPath ?? '') || 'export';
    const extension = extname(suggested);
    const stem = suggested.slice(0, suggested.length - extension.length);
    let filePath = join(folder, suggested);
    for (let copy = 2; existsSync(filePath); copy += 1) filePath = join(folder, `${stem} (${copy})${extension}`);
    saved(filePath);
    return { canceled: false, filePath };
  };
}

/** The preview's exports: the data folder's exports/, each saved file said on the console. */
export function answerSavesInto(desktop: StandinDesktop, folder: string): void {
  desktop.answerEverySaveDialog(saveInto(folder, (path) => console.log(`Saving ${path}`)));
}
