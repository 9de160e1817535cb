import type { Handlers } from '../router/router.ts';
import type { Identity } from './identity.ts';

/** The display name and the computer, as the Profiles screen shows them; no desktop id leaves main. */
export function identityHandlers(identity: Identity): Pick<Handlers, 'identity.get' | 'identity.set'> {
  return {
    'identity.get': async () => identity.view(),
    'identity.set': ({ displayName }) => identity.setDisplayName(displayName),
  };
}
