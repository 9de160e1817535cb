import { dialog } from 'electron';
import type { BrowserWindow, MessageBoxOptions } from 'electron';
import type { Say } from '../../shared/i18n/index.ts';
import type { AskPerson } from '../platform/services/index.ts';

/**
 * The confirmation of a live action, drawn by main as a native message box modal to the app's
 * window (docs/api/dialog.md, showMessageBox). The renderer can neither see nor click it. Cancel is
 * the default and what Esc gives (cancelId), so only a deliberate click on the named button says yes.
 * Cancel is in the window's language (`say`, read when the dialog is drawn), as the question is.
 */
export function nativeConfirm(parent: () => BrowserWindow | null, say: () => Say): AskPerson {
  return async ({ title, message, detail, confirmLabel }) => {
    const options: MessageBoxOptions = {
      type: 'warning',
      title,
      message,
      detail,
      buttons: [say()('main.shell.cancel'), confirmLabel],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    };
    const window = parent();
    const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
    return response === 1;
  };
}
