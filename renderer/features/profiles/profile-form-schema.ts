import { z } from 'zod';
import type { Say } from '../../../shared/i18n/index.ts';
import type { ProfileSaveRequest, ProfileView } from '../../../shared/ipc/profile.ts';
import { baseUrlInput, credentialAddressOf, merchantNameInput, profileSaveRequest } from '../../../shared/ipc/profile.ts';
import { receiverAddressOf, receiverUrlInput } from '../../../shared/ipc/receiver-url.ts';
import { teamJournalPasswordInput } from '../../../shared/ipc/team-journal-settings.ts';
import { inEnglish, TEAM_JOURNAL_FIELDS, teamJournalDefaults, teamJournalFieldsIn, teamPasswordReason } from './team-journal-form.ts';

/**
 * The form's own schema, built from the contract's pieces so the messages match main's. Adding a
 * profile needs a key and a secret; editing one leaves them empty to keep the stored ones, unless
 * the address moves to another host, port or path: main sends them only to the base URL they are
 * tied to, and the receiver URL stays the one their reads are signed for. The team
 * journal's password follows the same rule, for its own target (team-journal-form.ts). `words`:
 * the form's own messages in the window's language; the contract's come as its words.
 */
export const FORM_FIELDS = ['name', 'merchantName', 'baseUrl', 'receiverUrl', 'apiKey', 'secret', 'teamJournalPassword'] as const;
export type FormField = (typeof FORM_FIELDS)[number] | `teamJournal.${(typeof TEAM_JOURNAL_FIELDS)[number]}`;

export function profileFormSchema(profile: ProfileView | null, words: Say = inEnglish) {
  const editing = profile !== null;
  // Per-field rules, so every empty field is reported at once.
  const apiKey = z.string().trim().max(512, words('profiles.form.apiKeyTooLong'));
  const secret = z.string().max(1024, words('profiles.form.secretTooLong'));
  return z
    .object({
      name: profileSaveRequest.shape.name,
      merchantName: merchantNameInput,
      baseUrl: baseUrlInput,
      receiverUrl: receiverUrlInput,
      apiKey: editing ? apiKey : apiKey.min(1, words('profiles.form.enterApiKey')),
      secret: editing ? secret : secret.min(1, words('profiles.form.enterSecret')),
      teamJournal: teamJournalFieldsIn(words),
      teamJournalPassword: teamJournalPasswordInput,
    })
    .superRefine((value, ctx) => {
      if (value.teamJournalPassword === '' && teamPasswordReason(profile, value.teamJournal) !== null) {
        ctx.addIssue({ code: 'custom', path: ['teamJournalPassword'], message: words('profiles.form.enterTeamPassword') });
      }
      const address = reentryAddress(profile, value.baseUrl);
      const receiver = address === null ? receiverReentryAddress(profile, value.receiverUrl ?? '') : null;
      if (address === null && receiver === null) return;
      const [keyId, secretId] = address !== null
        ? (['profiles.form.enterApiKeyFor', 'profiles.form.enterSecretFor'] as const)
        : (['profiles.form.enterApiKeyForReceiver', 'profiles.form.enterSecretForReceiver'] as const);
      const values = { address: address ?? receiver };
      if (value.apiKey === '') ctx.addIssue({ code: 'custom', path: ['apiKey'], message: words(keyId, values) });
      if (value.secret === '') ctx.addIssue({ code: 'custom', path: ['secret'], message: words(secretId, values) });
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

/** Why, in plain words (the window's language's), for the form to show as the address or the receiver URL is typed. */
export function reentryReason(profile: ProfileView | null, baseUrl: string, receiverUrl = '', words: Say = inEnglish): string | null {
  const address = reentryAddress(profile, baseUrl);
  if (address === null) {
    const receiver = receiverReentryAddress(profile, receiverUrl);
    if (receiver === null) return null;
    return profile?.credentialsReceiverUrl
      ? words('profiles.reentry.receiverTied', { stored: profile.credentialsReceiverUrl, address: receiver })
      : words('profiles.reentry.receiverNone', { address: receiver });
  }
  return profile?.credentialsBaseUrl
    ? words('profiles.reentry.tied', { stored: profile.credentialsBaseUrl, address })
    : words('profiles.reentry.none', { address });
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
