import { BASE_URL_PRESETS, credentialAddressOf, baseUrlOriginOf } from '../../../shared/ipc/profile.ts';
import type { ProfileKind } from '../../../shared/ipc/profile.ts';

/**
 * What a profile's id and address say about it. Worked out every time, never read from
 * profiles.json: any process of the same user can edit that file (docs/security.md,
 * "Credentials belong to one origin").
 */

export const LOCAL_SANDBOX_ID = 'local-sandbox';

/**
 * The address the local sandbox's credentials are tied to: the sandbox inside this app, on whatever
 * port it starts. It is no URL (URL gives the origin "null" for it), so no address can ever equal it.
 */
export const LOCAL_SANDBOX_ORIGIN = 'app:local-sandbox';

const presetOrigin = (label: (typeof BASE_URL_PRESETS)[number]['label']): string =>
  baseUrlOriginOf(BASE_URL_PRESETS.find((preset) => preset.label === label)?.baseUrl ?? '') ?? '';

/** The processing service's own base URLs (docs/service-interface.md, "Hosts"), as credentials are tied to them. */
export const SERVICE_ADDRESSES: readonly string[] = BASE_URL_PRESETS.map((preset) => credentialAddressOf(preset.baseUrl) ?? '');

/**
 * The path below the service's hosts where its API lives: keys stored by earlier versions, tied to
 * an origin only, are taken to have been sent there, and nowhere else (bound-credentials.ts).
 */
export const DEFAULT_API_PATH = '/api/v2';
const SERVICE_SANDBOX_ORIGIN = presetOrigin('Service sandbox');

/**
 * The built-in local sandbox is known by its id; the service's sandbox by its host. Everything else
 * is live money, loopback included: a port on this computer may be a tunnel to the live service,
 * and a LIVE badge too many costs less than one too few.
 */
export function kindOfProfile(id: string, baseUrl: string): ProfileKind {
  if (id === LOCAL_SANDBOX_ID) return 'local-sandbox';
  return baseUrlOriginOf(baseUrl) === SERVICE_SANDBOX_ORIGIN ? 'sandbox' : 'live';
}

/** The address a profile's credentials must be tied to for main to use them; null for an unusable address. */
export function credentialAddressOfProfile(profile: { id: string; baseUrl: string }): string | null {
  return profile.id === LOCAL_SANDBOX_ID ? LOCAL_SANDBOX_ORIGIN : credentialAddressOf(profile.baseUrl);
}
