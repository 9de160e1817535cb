import { createHash } from 'node:crypto';

/**
 * The profile id a team journal files a merchant account's entries under: the same on
 * every desktop configured for that account (the same origin and the same API key), whatever each
 * desktop calls its profile or whatever random id it gave it. A hash, so the shared database never
 * holds the key itself; the label keeps it from equalling a hash anything else makes of the same text.
 * The local profile's name still travels with each entry (profile_name), as the desktop named it.
 */

const LABEL = 'merchant-console team journal profile v1';

export function teamProfileKey(origin: string, apiKey: string): string {
  if (origin === '' || apiKey === '') throw new Error('A team profile key needs the origin and the API key.');
  // Newlines cannot occur in an origin, so no two (origin, key) pairs give the same text to hash.
  return createHash('sha256').update(`${LABEL}\n${origin}\n${apiKey}`, 'utf8').digest('hex');
}
