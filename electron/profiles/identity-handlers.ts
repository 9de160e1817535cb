import type { Handlers } from '../platform/router/index.ts';
import type { Identity } from '../platform/identity/index.ts';

/** The display name and the computer, as the Profiles screen shows them; no desktop id leaves main. */
export function identityHandlers(identity: Identity): Pick<Handlers, 'identity.get' | 'identity.set'> {
  return {
    'identity.get': async () => identity.view(),
    'identity.set': ({ displayName }) => identity.setDisplayName(displayName),
  };
}
