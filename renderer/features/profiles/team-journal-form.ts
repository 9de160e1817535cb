import { z } from 'zod';
import { say, SOURCE_LANGUAGE } from '../../../shared/i18n/index.ts';
import type { Say } from '../../../shared/i18n/index.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { DEFAULT_POSTGRES_PORT, teamJournalBinding, teamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';

/**
 * The profile form's "Team journal (optional)" section, as the person types it: text
 * fields, all empty for "the journal on this desktop". Checked by the contract's own schema
 * (shared/ipc/team-journal-settings.ts), so the form says what main would say.
 */

export type TeamJournalFields = { host: string; port: string; database: string; user: string; caFile: string };

export const TEAM_JOURNAL_FIELDS = ['host', 'port', 'database', 'user', 'caFile'] as const satisfies readonly (keyof TeamJournalFields)[];

export function teamJournalDefaults(profile: ProfileView | null): TeamJournalFields {
  const settings = profile?.teamJournal;
  if (!settings) return { host: '', port: String(DEFAULT_POSTGRES_PORT), database: '', user: '', caFile: '' };
  return { host: settings.host, port: String(settings.port), database: settings.database, user: settings.user, caFile: settings.caFile ?? '' };
}

const PORT_TEXT = /^\s*\d{1,5}\s*$/;

/** The form's own messages in the window's language (the form gives react-intl's); English where none is given, as in tests. */
export const inEnglish: Say = (id, values) => say(SOURCE_LANGUAGE, id, values);

/**
 * The section's fields as settings: null when no server is named (the port alone, filled in by
 * default, names none). `words`: the form's own message (the port's) in the window's language; the
 * contract's messages come as its words.
 */
export const teamJournalFieldsIn = (words: Say = inEnglish) =>
  z
    .object({ host: z.string(), port: z.string(), database: z.string(), user: z.string(), caFile: z.string() })
    .transform((fields, ctx): TeamJournalSettings | null => {
      const named = [fields.host, fields.database, fields.user, fields.caFile].some((text) => text.trim() !== '');
      if (!named) return null;
      if (!PORT_TEXT.test(fields.port)) {
        ctx.addIssue({ code: 'custom', path: ['port'], message: words('profiles.team.portRange') });
        return z.NEVER;
      }
      const parsed = teamJournalSettings.safeParse({ ...fields, port: Number(fields.port), caFile: fields.caFile.trim() === '' ? null : fields.caFile });
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    });

/** The section's settings as typed, for what is shown while typing (its messages are not shown from here). */
export const teamJournalFields = teamJournalFieldsIn();

/**
 * Why the password must be typed for these settings, or null when the stored one may be used: it
 * is tied to one target (postgres://user@host:port/database) and CA file, and main sends it nowhere
 * else, nor to a server checked against another CA file.
 */
export function teamPasswordReason(profile: ProfileView | null, settings: TeamJournalSettings | null, words: Say = inEnglish): string | null {
  if (settings === null) return null;
  const target = teamJournalBinding(settings);
  const stored = profile?.teamJournalPasswordFor ?? null;
  if (stored === target) return null;
  return stored ? words('profiles.team.passwordTied', { stored, target }) : words('profiles.team.passwordFor', { target });
}
