import { z } from 'zod';
import type { ProfileSaveRequest, ProfileView } from '../../../shared/ipc/profile.ts';
import { baseUrlInput, profileSaveRequest } from '../../../shared/ipc/profile.ts';

/**
 * The form's own schema, built from the contract's pieces so the messages match main's. Adding a
 * profile needs a key and a secret; editing one leaves them empty to keep the stored ones.
 */
export const FORM_FIELDS = ['name', 'baseUrl', 'apiKey', 'secret'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export function profileFormSchema(editing: boolean) {
  // Per-field rules (not an object refinement), so every empty field is reported at once.
  const apiKey = z.string().trim().max(512, 'An API key is at most 512 characters');
  const secret = z.string().max(1024, 'A secret is at most 1024 characters');
  return z.object({
    name: profileSaveRequest.shape.name,
    baseUrl: baseUrlInput,
    apiKey: editing ? apiKey : apiKey.min(1, 'Enter the API key'),
    secret: editing ? secret : secret.min(1, 'Enter the secret'),
  });
}

export type ProfileFormInput = z.input<ReturnType<typeof profileFormSchema>>;
export type ProfileFormOutput = z.output<ReturnType<typeof profileFormSchema>>;

export function formDefaults(profile: ProfileView | null): ProfileFormInput {
  return { name: profile?.name ?? '', baseUrl: profile?.baseUrl ?? '', apiKey: '', secret: '' };
}

/** Empty key or secret are left out: "keep the stored one" (profileSaveRequest). */
export function toSaveRequest(id: string | null, value: ProfileFormOutput): ProfileSaveRequest {
  return {
    ...(id ? { id } : {}),
    name: value.name,
    baseUrl: value.baseUrl,
    ...(value.apiKey ? { apiKey: value.apiKey } : {}),
    ...(value.secret ? { secret: value.secret } : {}),
  };
}

/** Which form field a service or router field name belongs to ("baseUrl", "apiKey", ...), if any. */
export function formFieldOf(name: string): FormField | null {
  const head = name.split('.')[0] ?? '';
  return (FORM_FIELDS as readonly string[]).includes(head) ? (head as FormField) : null;
}
