import type pg from 'pg';

/**
 * Whether this desktop wrote a team journal's entry: what a dispute report made here
 * tells apart, this desktop's own record from the team's. By the entry's desktop id, as admission
 * tells an earlier try (journal/store.ts, EarlierTry), never by the computer's name, which two data
 * folders on one computer share. A desktop id is written by a desktop, so another member's desktop
 * could copy ours; where the database stamps the login that wrote the entry, an entry another login
 * wrote is never this desktop's.
 * Null: the entry names no desktop (copied from a desktop's history older than the desktop id), or
 * the profile has no such entry.
 */

export async function teamEntryMadeHere(pool: pg.Pool, teamKey: string, entryId: number, desktopId: string): Promise<boolean | null> {
  // An entry written before logins were stamped has none to compare.
  const login = '(made_login IS NULL OR made_login = session_user::text) AS by_this_login';
  const { rows } = await pool.query<{ desktop_id: unknown; by_this_login: unknown }>(`SELECT desktop_id, ${login} FROM entries WHERE profile_id = $1 AND id = $2`, [
    teamKey,
    entryId,
  ]);
  const [row] = rows;
  // The row was written by others: a desktop id that is not text names no desktop.
  if (row === undefined || typeof row.desktop_id !== 'string') return null;
  return row.desktop_id === desktopId && row.by_this_login === true;
}
