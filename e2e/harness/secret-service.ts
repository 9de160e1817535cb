import { execFile } from 'node:child_process';

/**
 * Whether the app's keychain would answer here without asking anyone: keytar (libsecret) stores in
 * the Secret Service's default collection, on the D-Bus session bus. With no session bus, libsecret
 * starts one itself on the X display (dbus-launch), where gnome-keyring, finding no keyring, opens a
 * "Choose password for new keyring" prompt; a locked default collection opens an unlock prompt. Under
 * xvfb-run nobody sees either, and the app waits forever. So this asks the Secret Service directly
 * (specification: https://specifications.freedesktop.org/secret-service-spec/latest/, Service
 * ReadAlias and the Collection's Locked property), which never prompts, each call bounded in time.
 */

export type SecretServiceState = { usable: true } | { usable: false; why: string };

const SERVICE = 'org.freedesktop.secrets';
const REPLY_MS = 5_000;

/** One D-Bus call with dbus-send: its reply as printed, or null when the call failed or timed out. */
function call(address: string, path: string, member: string, args: string[]): Promise<string | null> {
  const command = ['--bus=' + address, '--print-reply', `--reply-timeout=${REPLY_MS}`, `--dest=${SERVICE}`, path, member, ...args];
  return new Promise((resolve) => {
    execFile('dbus-send', command, { timeout: REPLY_MS + 2_000, encoding: 'utf8' }, (error, stdout) => resolve(error ? null : stdout));
  });
}

export async function secretServiceState(address: string | undefined = process.env.DBUS_SESSION_BUS_ADDRESS): Promise<SecretServiceState> {
  if (!address) return { usable: false, why: 'no D-Bus session' };
  const alias = await call(address, '/org/freedesktop/secrets', 'org.freedesktop.Secret.Service.ReadAlias', ['string:default']);
  if (alias === null) return { usable: false, why: 'no Secret Service on the D-Bus session' };
  const collection = /object path "([^"]+)"/.exec(alias)?.[1];
  if (!collection || collection === '/') return { usable: false, why: 'no default keyring' };
  const locked = await call(address, collection, 'org.freedesktop.DBus.Properties.Get', ['string:org.freedesktop.Secret.Collection', 'string:Locked']);
  if (locked === null || !/boolean false/.test(locked)) return { usable: false, why: 'the default keyring is locked' };
  return { usable: true };
}
