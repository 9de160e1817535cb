import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { BASE_URL_PRESETS } from '../../../shared/ipc/profile.ts';
import { RECEIVER_URL_EXAMPLE } from '../../../shared/ipc/receiver-url.ts';
import { announce } from '../../components/announce.ts';
import { TextField } from '../../components/TextField.tsx';
import { appErrorOf, fieldErrorsOf } from '../../bridge.ts';
import type { ProfileFormInput, ProfileFormOutput } from './profile-form-schema.ts';
import { formDefaults, formFieldOf, profileFormSchema, reentryReason, toSaveRequest } from './profile-form-schema.ts';
import { TeamJournalSection } from './TeamJournalSection.tsx';
import { useSaveProfile } from './use-profile-changes.ts';

type Props = {
  /** The profile being edited, or null to add one. */
  profile: ProfileView | null;
  /** `saved`: the profile as main saved it; none when the form was cancelled. */
  onDone(saved?: ProfileView): void;
};

/**
 * Add or edit a profile. The secret is typed once into a password field and never comes back:
 * main keeps it in the OS keychain and the renderer only ever learns whether one is stored, and
 * the origin it is tied to. Moving the address to another origin asks for both again, and says why.
 */
export function ProfileForm({ profile, onDone }: Props) {
  const editing = profile !== null;
  // The local sandbox's address and credentials belong to the app (profile book); only its names are editable.
  const builtIn = profile?.kind === 'local-sandbox';
  const save = useSaveProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema(profile)),
    defaultValues: formDefaults(profile),
    mode: 'onTouched', // errors show when a field is left, then update while typing
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (value) => {
    try {
      const saved = await save.mutateAsync(toSaveRequest(profile?.id ?? null, value));
      announce(`Saved profile ${saved.name}`);
      onDone(saved);
    } catch (thrown) {
      const error = appErrorOf(thrown);
      const unplaced: string[] = [];
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        const field = formFieldOf(name);
        if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        else unplaced.push(message);
      }
      const placedAll = Object.keys(fieldErrorsOf(error)).length > 0 && unplaced.length === 0;
      if (!placedAll) form.setError('root.server', { type: error.kind, message: unplaced.join(' ') || error.message });
    }
  });

  const keyHint = profile?.keyHint ? `…${profile.keyHint}` : null;
  // Shown as the address is typed: the stored key and secret go to their own origin only.
  const baseUrl = useWatch({ control: form.control, name: 'baseUrl' });
  const receiverUrl = useWatch({ control: form.control, name: 'receiverUrl' });
  const reentry = builtIn ? null : reentryReason(profile, baseUrl, receiverUrl);
  const keepStored = editing && reentry === null;
  return (
    <form
      className="panel profile-form"
      aria-labelledby="profile-form-title"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <h2 id="profile-form-title">{editing ? `Edit ${profile.name}` : 'Add a profile'}</h2>
      <TextField label="Name" autoComplete="off" autoFocus error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Merchant name"
        autoComplete="off"
        hint="Printed on dispute reports, e.g. the company name on your contract with the service."
        error={errors.merchantName?.message}
        {...form.register('merchantName')}
      />
      <TextField
        label="Base URL"
        type="url"
        autoComplete="off"
        spellCheck={false}
        readOnly={builtIn}
        error={errors.baseUrl?.message}
        hint={
          builtIn
            ? 'The local sandbox runs on this computer and makes its own address, key and secret.'
            : 'https:// only; plain http is allowed for this computer (the local sandbox).'
        }
        {...form.register('baseUrl')}
      />
      {!builtIn && (
        <>
          <div className="presets" role="group" aria-label="Base URL presets">
            {BASE_URL_PRESETS.map((preset) => (
              <button
                key={preset.baseUrl}
                type="button"
                className="button button-small"
                title={preset.baseUrl}
                onClick={() =>
                  form.setValue('baseUrl', preset.baseUrl, { shouldValidate: true, shouldDirty: true, shouldTouch: true })
                }
              >
                Use {preset.label}
              </button>
            ))}
          </div>
          <TextField
            label="Receiver URL"
            type="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={RECEIVER_URL_EXAMPLE}
            hint="Optional: your callback receiver, which tells the console what became of invoices and deposits. https:// only; plain http only for this computer. See “The callback receiver” in the docs (docs/receiver.md)."
            error={errors.receiverUrl?.message}
            {...form.register('receiverUrl')}
          />
          <TextField
            label="API key"
            autoComplete="off"
            spellCheck={false}
            hint={reentry ?? undefined}
            placeholder={keepStored ? `Leave empty to keep the stored key${keyHint ? ` (${keyHint})` : ''}` : undefined}
            error={errors.apiKey?.message}
            {...form.register('apiKey')}
          />
          <TextField
            label="Secret"
            type="password"
            autoComplete="new-password"
            placeholder={keepStored && profile.hasSecret ? 'Leave empty to keep the stored secret' : undefined}
            hint="Kept in your system keychain. It is never shown again."
            error={errors.secret?.message}
            {...form.register('secret')}
          />
          <TeamJournalSection form={form} profile={profile} />
        </>
      )}
      {errors.root?.server && (
        <p className="form-error" role="alert">
          {errors.root.server.message}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : editing ? 'Save changes' : 'Add profile'}
        </button>
      </div>
    </form>
  );
}
