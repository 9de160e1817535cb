/**
 * The profiles feature's one public entry: what app/ needs of it. Profiles is in the initial bundle:
 * it is small, and it is where a person goes when the profiles cannot be read, so it must share the
 * header's query, not load after it.
 */
export { ProfilesScreen } from './ProfilesScreen.tsx';
export { FirstRunName } from './FirstRunName.tsx';
