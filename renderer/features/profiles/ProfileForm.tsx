import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId, Say } from '../../../shared/i18n/index.ts';
import { wordRule } from '../../../shared/i18n/rule-message.ts';
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

/** The presets' names (the contract's labels) as the buttons say them. */
const PRESET_WORDS: Record<(typeof BASE_URL_PRESETS)[number]['label'], MessageId> = {
  Production: 'profiles.form.preset.production',
  'Service sandbox': 'profiles.form.preset.serviceSandbox',
};

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
  const intl = useIntl();
  const words = useMemo<Say>(() => (id, values) => intl.formatMessage({ id }, values), [intl]);
  const editing = profile !== null;
  // The local sandbox's address and credentials belong to the app (profile book); only its names are editable.
  const builtIn = profile?.kind === 'local-sandbox';
  const save = useSaveProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema(profile, words)),
    defaultValues: formDefaults(profile),
    mode: 'onTouched', // errors show when a field is left, then update while typing
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (value) => {
    try {
      const saved = await save.mutateAsync(toSaveRequest(profile?.id ?? null, value));
      announce(words('profiles.form.saved', { name: saved.name }));
      onDone(saved);
    } catch (thrown) {
      const error = appErrorOf(thrown);
      const unplaced: string[] = [];
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        const field = formFieldOf(name);
        if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        else unplaced.push(wordRule(intl, message));
      }
      const placedAll = Object.keys(fieldErrorsOf(error)).length > 0 && unplaced.length === 0;
      if (!placedAll) form.setError('root.server', { type: error.kind, message: unplaced.join(' ') || error.message });
    }
  });

  // Shown as the address is typed: the stored key and secret go to their own origin only.
  const baseUrl = useWatch({ control: form.control, name: 'baseUrl' });
  const receiverUrl = useWatch({ control: form.control, name: 'receiverUrl' });
  const reentry = builtIn ? null : reentryReason(profile, baseUrl, receiverUrl, words);
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
      <h2 id="profile-form-title">
        {editing ? <FormattedMessage id="profiles.form.editTitle" values={{ name: profile.name }} /> : <FormattedMessage id="profiles.form.addTitle" />}
      </h2>
      <TextField label={words('profiles.form.name')} autoComplete="off" autoFocus error={errors.name?.message} {...form.register('name')} />
      <TextField
        label={words('profiles.form.merchantName')}
        autoComplete="off"
        hint={words('profiles.form.merchantNameHint')}
        error={errors.merchantName?.message}
        {...form.register('merchantName')}
      />
      <TextField
        label={words('profiles.form.baseUrl')}
        type="url"
        autoComplete="off"
        spellCheck={false}
        readOnly={builtIn}
        error={errors.baseUrl?.message}
        hint={words(builtIn ? 'profiles.form.baseUrlBuiltIn' : 'profiles.form.baseUrlHint')}
        {...form.register('baseUrl')}
      />
      {!builtIn && (
        <>
          <div className="presets" role="group" aria-label={words('profiles.form.presets')}>
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
                <FormattedMessage id={PRESET_WORDS[preset.label]} />
              </button>
            ))}
          </div>
          <TextField
            label={words('profiles.form.receiverUrl')}
            type="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={RECEIVER_URL_EXAMPLE}
            hint={words('profiles.form.receiverUrlHint')}
            error={errors.receiverUrl?.message}
            {...form.register('receiverUrl')}
          />
          <TextField
            label={words('profiles.form.apiKey')}
            autoComplete="off"
            spellCheck={false}
            hint={reentry ?? undefined}
            placeholder={keepStored ? (profile.keyHint ? words('profiles.form.keepKeyEnding', { hint: profile.keyHint }) : words('profiles.form.keepKey')) : undefined}
            error={errors.apiKey?.message}
            {...form.register('apiKey')}
          />
          <TextField
            label={words('profiles.form.secret')}
            type="password"
            autoComplete="new-password"
            placeholder={keepStored && profile.hasSecret ? words('profiles.form.keepSecret') : undefined}
            hint={words('profiles.form.secretHint')}
            error={errors.secret?.message}
            {...form.register('secret')}
          />
          <TeamJournalSection form={form} profile={profile} />
        </>
      )}
      {errors.root?.server && (
        <p className="form-error" role="alert">
          {wordRule(intl, errors.root.server.message)}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDone()}>
          <FormattedMessage id="profiles.form.cancel" />
        </button>
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'profiles.form.saving' : editing ? 'profiles.form.saveChanges' : 'profiles.add'} />
        </button>
      </div>
    </form>
  );
}
