import { z } from 'zod';
import type { ProfileSaveRequest, ProfileView } from '../../../shared/ipc/profile.ts';
import { baseUrlInput, credentialAddressOf, merchantNameInput, profileSaveRequest } from '../../../shared/ipc/profile.ts';
import { receiverAddressOf, receiverUrlInput } from '../../../shared/ipc/receiver-url.ts';
import { teamJournalPasswordInput } from '../../../shared/ipc/team-journal-settings.ts';
import { TEAM_JOURNAL_FIELDS, teamJournalDefaults, teamJournalFields, teamPasswordReason } from './team-journal-form.ts';

/**
 * The form's own schema, built from the contract's pieces so the messages match main's. Adding a
 * profile needs a key and a secret; editing one leaves them empty to keep the stored ones, unless
 * the address moves to another host, port or path: main sends them only to the base URL they are
 * tied to, and the receiver URL stays the one their reads are signed for. The team
 * journal's password follows the same rule, for its own target (team-journal-form.ts).
 */
export const FORM_FIELDS = ['name', 'merchantName', 'baseUrl', 'receiverUrl', 'apiKey', 'secret', 'teamJournalPassword'] as const;
export type FormField = (typeof FORM_FIELDS)[number] | `teamJournal.${(typeof TEAM_JOURNAL_FIELDS)[number]}`;

export function profileFormSchema(profile: ProfileView | null) {
  const editing = profile !== null;
  // Per-field rules, so every empty field is reported at once.
  const apiKey = z.string().trim().max(512, 'An API key is at most 512 characters');
  const secret = z.string().max(1024, 'A secret is at most 1024 characters');
  return z
    .object({
      name: profileSaveRequest.shape.name,
      merchantName: merchantNameInput,
      baseUrl: baseUrlInput,
      receiverUrl: receiverUrlInput,
      apiKey: editing ? apiKey : apiKey.min(1, 'Enter the API key'),
      secret: editing ? secret : secret.min(1, 'Enter the secret'),
      teamJournal: teamJournalFields,
      teamJournalPassword: teamJournalPasswordInput,
    })
    .superRefine((value, ctx) => {
      if (value.teamJournalPassword === '' && teamPasswordReason(profile, value.teamJournal) !== null) {
        ctx.addIssue({ code: 'custom', path: ['teamJournalPassword'], message: "Enter the team journal's password" });
      }
      const address = reentryAddress(profile, value.baseUrl);
      const receiver = address === null ? receiverReentryAddress(profile, value.receiverUrl ?? '') : null;
      const what = address ?? (receiver === null ? null : `the receiver ${receiver}`);
      if (what === null) return;
      if (value.apiKey === '') ctx.addIssue({ code: 'custom', path: ['apiKey'], message: `Enter the API key for ${what}` });
      if (value.secret === '') ctx.addIssue({ code: 'custom', path: ['secret'], message: `Enter the secret for ${what}` });
    });
}

/**
 * The receiver URL an edited profile's key and secret must be typed again for (main signs reads
 * only for the receiver URL they were stored with), or null when none is needed: the same one, or
 * none at all, or not a whole address yet.
 */
export function receiverReentryAddress(profile: ProfileView | null, receiverUrl: string): string | null {
  if (profile === null || profile.kind === 'local-sandbox') return null;
  const address = receiverAddressOf(receiverUrl.trim());
  return address === null || address === profile.credentialsReceiverUrl ? null : address;
}

/**
 * The base URL an edited profile's key and secret must be typed again for, or null when the stored
 * ones may go to `baseUrl` (or nothing is being edited, or the address is not complete yet).
 */
export function reentryAddress(profile: ProfileView | null, baseUrl: string): string | null {
  if (profile === null || profile.kind === 'local-sandbox') return null;
  const address = credentialAddressOf(baseUrl.trim());
  return address === null || address === profile.credentialsBaseUrl ? null : address;
}

/** Why, in plain words, for the form to show as the address or the receiver URL is typed. */
export function reentryReason(profile: ProfileView | null, baseUrl: string, receiverUrl = ''): string | null {
  const address = reentryAddress(profile, baseUrl);
  if (address === null) {
    const receiver = receiverReentryAddress(profile, receiverUrl);
    if (receiver === null) return null;
    return profile?.credentialsReceiverUrl
      ? `The stored key and secret sign reads for the receiver ${profile.credentialsReceiverUrl} only. Enter both again for ${receiver}.`
      : `The stored key and secret were not entered for a receiver, and the app sends them only where they were entered for. Enter both again for ${receiver}.`;
  }
  return profile?.credentialsBaseUrl
    ? `The stored key and secret are tied to ${profile.credentialsBaseUrl}, and the app never sends them to another address. Enter both again for ${address}.`
    : `No key and secret are stored that may be sent to ${address}. Enter both.`;
}

export type ProfileFormInput = z.input<ReturnType<typeof profileFormSchema>>;
export type ProfileFormOutput = z.output<ReturnType<typeof profileFormSchema>>;

export function formDefaults(profile: ProfileView | null): ProfileFormInput {
  return { name: profile?.name ?? '', merchantName: profile?.merchantName ?? '', baseUrl: profile?.baseUrl ?? '', receiverUrl: profile?.receiverUrl ?? '', apiKey: '', secret: '', teamJournal: teamJournalDefaults(profile), teamJournalPassword: '' };
}

/** Empty key, secret or team journal password are left out: "keep the stored one" (profileSaveRequest). */
export function toSaveRequest(id: string | null, value: ProfileFormOutput): ProfileSaveRequest {
  return {
    ...(id ? { id } : {}),
    name: value.name,
    // Always sent: emptied, it is none.
    merchantName: value.merchantName,
    baseUrl: value.baseUrl,
    // Always sent, as the merchant name is: emptied, it is none.
    receiverUrl: value.receiverUrl,
    ...(value.apiKey ? { apiKey: value.apiKey } : {}),
    ...(value.secret ? { secret: value.secret } : {}),
    teamJournal: value.teamJournal,
    ...(value.teamJournalPassword ? { teamJournalPassword: value.teamJournalPassword } : {}),
  };
}

/**
 * Which form field a service or router field name belongs to ("baseUrl", "apiKey",
 * "teamJournal.host", ...), if any; "teamJournal" alone (a display name to set first, say) is none.
 */
export function formFieldOf(name: string): FormField | null {
  const [head = '', sub = ''] = name.split('.');
  if (head === 'teamJournal') return (TEAM_JOURNAL_FIELDS as readonly string[]).includes(sub) ? (`teamJournal.${sub}` as FormField) : null;
  return (FORM_FIELDS as readonly string[]).includes(head) ? (head as FormField) : null;
}
