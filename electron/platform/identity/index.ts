export { IDENTITY_FILE, openIdentity } from './identity.ts';
export type { Identity, IdentityOptions } from './identity.ts';
