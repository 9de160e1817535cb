import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { ProfileKind } from '../../../shared/ipc/profile.ts';

/**
 * On a live profile, a money move, the resolution of an unknown outcome and the removal of a profile
 * each need a yes that a person gives in main's own native dialog (issue 11): the renderer may be
 * compromised, and a dialog drawn by main is the one thing it cannot click or forge. Sandbox
 * profiles move no real money, so they are not asked.
 */

/** What the native dialog shows: a title, the question, the facts to check, and the button that says yes. */
export type ConfirmRequest = { title: string; message: string; detail: string; confirmLabel: string };

/** Asks a person (Electron: dialog.showMessageBox, shell/confirm-dialog.ts); true only for an explicit yes. */
export type AskPerson = (request: ConfirmRequest) => Promise<boolean>;

/**
 * Where there is no dialog to show (plain Node without a window), nobody can say yes: fail closed,
 * so that a live money move never goes through unconfirmed.
 */
export const nobodyToAsk: AskPerson = async () => false;

/** Resolves when the profile is not live or the person said yes; otherwise throws `not_confirmed`. */
export async function confirmIfLive(ask: AskPerson, profileKind: ProfileKind, request: ConfirmRequest): Promise<void> {
  if (profileKind !== 'live') return;
  // A dialog that fails to show is a no, never a yes.
  const yes = await ask(request).catch(() => false);
  if (!yes) {
    throw new AppFailure({ kind: 'not_confirmed', message: `${request.title}: nothing was done, because it was not confirmed in the app's confirmation window.` });
  }
}
