import type { Menu, MenuItemConstructorOptions, MessageBoxOptions, MessageBoxReturnValue, SaveDialogOptions, SaveDialogReturnValue } from 'electron';

/**
 * What main asks of the desktop rather than of Chromium: shell.openExternal, the native dialogs
 * and the application menu. The stand-in opens nothing and draws nothing: it records every ask,
 * and a test answers the dialogs, in order, from a queue (a person's clicks). A dialog that opens
 * with no answer queued is answered as Esc would (cancelled; a message box's cancelId) and
 * reported as a problem, so a test cannot pass on an answer nobody gave. Where a person uses the
 * app (the preview), a standing answer takes the place of the queue for save dialogs.
 */

export type SaveAnswer = SaveDialogReturnValue | ((options: SaveDialogOptions) => SaveDialogReturnValue);
export type MessageBoxAnswer = number | ((options: MessageBoxOptions) => number);

type Problem = (message: string) => void;

/** dialog.show*(window, options) or dialog.show*(options): the window comes first when given. */
function splitArguments<T>(args: unknown[]): { window: unknown; options: T } {
  return args.length > 1 ? { window: args[0], options: args[1] as T } : { window: null, options: args[0] as T };
}

export class StandinDesktop {
  readonly openedExternally: string[] = [];
  readonly errorBoxes: Array<{ title: string; content: string }> = [];
  readonly saveDialogs: Array<{ window: unknown; options: SaveDialogOptions }> = [];
  readonly messageBoxes: Array<{ window: unknown; options: MessageBoxOptions }> = [];
  applicationMenu: { items: MenuItemConstructorOptions[] } | null = null;
  private readonly saveAnswers: SaveAnswer[] = [];
  private standingSaveAnswer: SaveAnswer | null = null;
  private readonly messageBoxAnswers: MessageBoxAnswer[] = [];

  private readonly problem: Problem;

  constructor(problem: Problem) {
    this.problem = problem;
  }

  /** A person's answer to the next save dialog. */
  answerSaveDialog(answer: SaveAnswer): void {
    this.saveAnswers.push(answer);
  }

  /** The answer to every save dialog that finds no answer queued (the preview's stand-in for a file chooser). */
  answerEverySaveDialog(answer: SaveAnswer): void {
    this.standingSaveAnswer = answer;
  }

  /** A person's click in the next message box: the index of the button. */
  answerMessageBox(answer: MessageBoxAnswer): void {
    this.messageBoxAnswers.push(answer);
  }

  readonly shell = {
    openExternal: async (url: string): Promise<void> => {
      this.openedExternally.push(url);
    },
  };

  readonly dialog = {
    showErrorBox: (title: string, content: string): void => {
      this.errorBoxes.push({ title, content });
    },
    showSaveDialog: async (...args: unknown[]): Promise<SaveDialogReturnValue> => {
      const asked = splitArguments<SaveDialogOptions>(args);
      this.saveDialogs.push(asked);
      const answer = this.saveAnswers.shift() ?? this.standingSaveAnswer ?? undefined;
      if (answer === undefined) {
        this.problem(`a save dialog opened with no answer queued (${JSON.stringify(asked.options)})`);
        return { canceled: true, filePath: '' };
      }
      return typeof answer === 'function' ? answer(asked.options) : answer;
    },
    showMessageBox: async (...args: unknown[]): Promise<MessageBoxReturnValue> => {
      const asked = splitArguments<MessageBoxOptions>(args);
      this.messageBoxes.push(asked);
      const answer = this.messageBoxAnswers.shift();
      if (answer === undefined) {
        this.problem(`a message box opened with no answer queued ("${asked.options.message}")`);
        return { response: asked.options.cancelId ?? 0, checkboxChecked: false };
      }
      return { response: typeof answer === 'function' ? answer(asked.options) : answer, checkboxChecked: false };
    },
  };

  /** Menu.buildFromTemplate / setApplicationMenu: kept as the template (no menu bar is drawn). */
  readonly Menu = {
    buildFromTemplate: (template: MenuItemConstructorOptions[]) => ({ items: template }),
    setApplicationMenu: (menu: { items: MenuItemConstructorOptions[] } | null): void => {
      this.applicationMenu = menu;
    },
    getApplicationMenu: () => this.applicationMenu as unknown as Menu | null,
  };
}
