import { worded } from '../../../shared/ipc/errors.ts';
import { showHiddenCharacters } from '../../../shared/api/wire.ts';
import type { ProfileKind } from '../../../shared/ipc/profile.ts';

/**
 * On a live profile, a money move, the resolution of an unknown outcome and the removal of a profile
 * each need a yes that a person gives in main's own native dialog (docs/security.md): the renderer may be
 * compromised, and a dialog drawn by main is the one thing it cannot click or forge. Sandbox
 * profiles move no real money, so they are not asked.
 */

/**
 * What a handler asks: a title, the question, the facts to check, one a line, and the button that
 * says yes. Each may hold text the renderer chose (a foreign id, a profile name, a note).
 */
export type ConfirmQuestion = { title: string; message: string; detail: readonly string[]; confirmLabel: string };

/** What the native dialog shows: the question as `shownText` wrote it. */
export type ConfirmRequest = { title: string; message: string; detail: string; confirmLabel: string };

/**
 * The one place a question becomes dialog text. Every piece is shown with its hidden characters
 * written out (\u{202E}, \u{A}), so no foreign id, name or note can reverse what the dialog reads,
 * hide a part of it, or start a line that looks like one of the app's own facts. The detail's
 * lines are joined only after that, so its line breaks are the app's alone.
 */
export function shownText(question: ConfirmQuestion): ConfirmRequest {
  return {
    title: showHiddenCharacters(question.title),
    message: showHiddenCharacters(question.message),
    detail: question.detail.map(showHiddenCharacters).join('\n'),
    confirmLabel: showHiddenCharacters(question.confirmLabel),
  };
}

/** Asks a person (Electron: dialog.showMessageBox, shell/confirm-dialog.ts); true only for an explicit yes. */
export type AskPerson = (request: ConfirmRequest) => Promise<boolean>;

/**
 * Where there is no dialog to show (plain Node without a window), nobody can say yes: fail closed,
 * so that a live money move never goes through unconfirmed.
 */
export const nobodyToAsk: AskPerson = async () => false;

/** Resolves when the profile is not live or the person said yes; otherwise throws `not_confirmed`. */
export async function confirmIfLive(ask: AskPerson, profileKind: ProfileKind, question: ConfirmQuestion): Promise<void> {
  if (profileKind !== 'live') return;
  await confirmWithPerson(ask, question);
}

/**
 * Resolves only when the person said yes in main's dialog, whatever the profile: a withdrawal's
 * approval is asked on every profile, a sandbox's too, as the same step a team's approver takes.
 */
export async function confirmWithPerson(ask: AskPerson, question: ConfirmQuestion): Promise<void> {
  const request = shownText(question);
  // A dialog that fails to show is a no, never a yes.
  const yes = await ask(request).catch(() => false);
  if (!yes) {
    throw worded({ kind: 'not_confirmed' }, { id: 'main.platform.confirm.refused', values: { title: request.title } });
  }
}
