import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { readRuleMessage, ruleMessage } from '../../../shared/i18n/rule-message.ts';
import { AppFailure, worded } from '../../../shared/ipc/errors.ts';
import { displayNameInput } from '../../../shared/ipc/identity.ts';
import type { IdentityView } from '../../../shared/ipc/identity.ts';
import { authorOf } from '../journal/index.ts';
import type { Author } from '../journal/index.ts';
import { readDataFile, writeDataFile } from '../profiles/index.ts';

/**
 * identity.json in the data folder: who this desktop's journal entries name, in its own
 * journal as in a team journal.
 * - desktopId: made once per data folder, so a desktop settles after a restart only its own
 *   interrupted entries in a team journal, whatever its computer's name;
 * - displayName: the person's name, null until set, then set once: the entries already written
 *   carry it, and a name changed afterwards would make the record say someone else did them.
 * The computer's name is not kept: it is the computer's (os.hostname()) at each write.
 * The start that makes the file is the app's first on this data folder: the view then asks the
 * screens to ask for the name (askAtStart) until it is set.
 */

export const IDENTITY_FILE = 'identity.json';

const storedIdentity = z.object({
  version: z.literal(1),
  desktopId: z.uuid(),
  displayName: displayNameInput.nullable(),
});
type StoredIdentity = z.infer<typeof storedIdentity>;

export interface Identity {
  /** Read at each write: the display name may be set while the app runs. */
  author(): Author;
  view(): IdentityView;
  /** Sets the display name once; the same name again is a no-op, another is refused. */
  setDisplayName(name: string): Promise<IdentityView>;
}

export type IdentityOptions = {
  /** Tests: another computer's name. */
  computer?: () => string;
};

const alreadySet = (current: string) =>
  worded(
    { kind: 'invalid_request', fields: { displayName: ruleMessage('rules.identity.setOnce') } },
    { id: 'main.platform.identity.alreadySet', values: { current } },
  );

export async function openIdentity(dataDir: string, options: IdentityOptions = {}): Promise<Identity> {
  const path = join(dataDir, IDENTITY_FILE);
  const computer = options.computer ?? hostname;
  let state: StoredIdentity | null = await readDataFile(path, storedIdentity);
  const firstRun = state === null;
  if (state === null) {
    state = { version: 1, desktopId: randomUUID(), displayName: null };
    await writeDataFile(path, state);
  }
  let current: StoredIdentity = state;
  // The author the journals read at each write (authorOf): its name follows a name set while the app runs.
  const who = { name: current.displayName, desktopId: current.desktopId };
  // One change at a time: two settings at once must not both pass the "not set yet" check.
  let queue: Promise<unknown> = Promise.resolve();

  const view = (): IdentityView => ({
    displayName: current.displayName,
    computer: computer(),
    ...(firstRun && current.displayName === null ? { askAtStart: true as const } : {}),
  });

  return {
    author: authorOf(who, computer),
    view,
    setDisplayName: (name) => {
      const run = queue.then(async () => {
        const parsed = displayNameInput.safeParse(name);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'That name cannot be used.';
          // The name's rule travels encoded to the field; the failure's own message is its English words.
          const rule = readRuleMessage(message);
          if (rule !== null) throw worded({ kind: 'invalid_request', fields: { displayName: message } }, rule);
          throw new AppFailure({ kind: 'invalid_request', message, fields: { displayName: message } });
        }
        if (current.displayName === parsed.data) return view();
        if (current.displayName !== null) throw alreadySet(current.displayName);
        const next = { ...current, displayName: parsed.data };
        await writeDataFile(path, next);
        current = next;
        who.name = next.displayName;
        return view();
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
