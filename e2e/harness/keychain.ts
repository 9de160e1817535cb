import { randomBytes } from 'node:crypto';
import type * as Keytar from 'keytar';

type KeytarApi = typeof Keytar;

/**
 * The e2e runs use the real OS keychain (a private gnome-keyring in the D-Bus session of the run),
 * under a keychain service name of their own, so they never touch a person's real entries, and
 * remove what they stored when they finish (the login keyring persists on disk between runs).
 */

export function uniqueKeychainService(label: string): string {
  return `Merchant Console e2e ${label} ${process.pid}-${randomBytes(4).toString('hex')}`;
}

export async function clearKeychainService(service: string): Promise<void> {
  const module = (await import('keytar')) as KeytarApi & { default?: KeytarApi };
  const keytar = module.default ?? module;
  for (const { account } of await keytar.findCredentials(service)) {
    await keytar.deletePassword(service, account);
  }
}
