import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Say } from '../../../shared/i18n/index.ts';
import type { ProfileView, TeamJournalTest } from '../../../shared/ipc/profile.ts';
import { TextField } from '../../components/TextField.tsx';
import { appErrorOf, fieldErrorsOf } from '../../bridge.ts';
import type { ProfileFormInput, ProfileFormOutput } from './profile-form-schema.ts';
import { formFieldOf } from './profile-form-schema.ts';
import { teamJournalFields, teamPasswordReason } from './team-journal-form.ts';
import { useIdentity } from './use-identity.ts';
import { useTestTeamJournal } from './use-profile-changes.ts';

type Props = {
  form: UseFormReturn<ProfileFormInput, unknown, ProfileFormOutput>;
  /** The profile being edited, or null while one is added. */
  profile: ProfileView | null;
};

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

const SECTION_FIELDS = ['teamJournal.host', 'teamJournal.port', 'teamJournal.database', 'teamJournal.user', 'teamJournal.caFile'] as const;

/**
 * "Team journal (optional)": the PostgreSQL database the whole team records into, its
 * password (typed once, kept in the keychain, tied to this very server, database and user), an
 * optional CA file, and "Test connection" on the values as typed, before they are saved.
 */
export function TeamJournalSection({ form, profile }: Props) {
  const intl = useIntl();
  const words: Say = (id, values) => intl.formatMessage({ id }, values);
  const identity = useIdentity();
  const test = useTestTeamJournal();
  const { errors } = form.formState;
  const fields = useWatch({ control: form.control, name: 'teamJournal' });
  const typed = teamJournalFields.safeParse(fields);
  const settings = typed.success ? typed.data : null;
  const passwordReason = teamPasswordReason(profile, settings, words);
  const keepStored = settings !== null && passwordReason === null;

  const runTest = async () => {
    test.reset();
    const valid = await form.trigger([...SECTION_FIELDS]);
    const parsed = teamJournalFields.safeParse(form.getValues('teamJournal'));
    if (!valid || !parsed.success) return;
    if (parsed.data === null) {
      form.setError('teamJournal.host', { type: 'manual', message: words('profiles.team.enterServer') }, { shouldFocus: true });
      return;
    }
    const password = form.getValues('teamJournalPassword');
    const request = { ...(profile ? { profileId: profile.id } : {}), teamJournal: parsed.data, ...(password ? { teamJournalPassword: password } : {}) };
    // The result is said by its own status region below, not by the app's announcer as well.
    test.mutate(request, {
      onError: (thrown) => {
        for (const [name, message] of Object.entries(fieldErrorsOf(appErrorOf(thrown)))) {
          const field = formFieldOf(name);
          if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        }
      },
    });
  };

  const placed = test.error ? Object.keys(fieldErrorsOf(appErrorOf(test.error))).some((name) => formFieldOf(name) !== null) : false;
  const result: TeamJournalTest | null = test.data ?? (test.error && !placed ? { ok: false, message: appErrorOf(test.error).message } : null);
  const who = identity.data;

  return (
    <fieldset className="team-journal" aria-describedby="team-journal-about">
      <legend>
        <FormattedMessage id="profiles.team.legend" />
      </legend>
      <p id="team-journal-about" className="field-hint">
        <FormattedMessage id="profiles.team.about" />
      </p>
      {who && who.displayName !== null && (
        <p data-testid="team-journal-identity">
          <FormattedMessage id="profiles.identity.line" values={{ name: who.displayName, computer: who.computer, strong }} />
        </p>
      )}
      {who && who.displayName === null && (
        <p className="form-error" data-testid="team-journal-identity">
          <FormattedMessage id="profiles.team.nameFirst" />
        </p>
      )}
      <TextField label={words('profiles.team.server')} autoComplete="off" spellCheck={false} hint={words('profiles.team.serverHint')} error={errors.teamJournal?.host?.message} {...form.register('teamJournal.host')} />
      <TextField label={words('profiles.team.port')} inputMode="numeric" autoComplete="off" error={errors.teamJournal?.port?.message} {...form.register('teamJournal.port')} />
      <TextField label={words('profiles.team.database')} autoComplete="off" spellCheck={false} error={errors.teamJournal?.database?.message} {...form.register('teamJournal.database')} />
      <TextField label={words('profiles.team.user')} autoComplete="off" spellCheck={false} error={errors.teamJournal?.user?.message} {...form.register('teamJournal.user')} />
      <TextField
        label={words('profiles.team.password')}
        type="password"
        autoComplete="new-password"
        placeholder={keepStored ? words('profiles.team.keepPassword') : undefined}
        hint={passwordReason ?? words('profiles.team.passwordHint')}
        error={errors.teamJournalPassword?.message}
        {...form.register('teamJournalPassword')}
      />
      <TextField
        label={words('profiles.team.caFile')}
        autoComplete="off"
        spellCheck={false}
        hint={words('profiles.team.caFileHint')}
        error={errors.teamJournal?.caFile?.message}
        {...form.register('teamJournal.caFile')}
      />
      <div className="row-actions">
        <button type="button" className="button" disabled={test.isPending} onClick={() => void runTest()}>
          <FormattedMessage id={test.isPending ? 'profiles.team.testing' : 'profiles.team.test'} values={{ hidden }} />
        </button>
      </div>
      <p className={result === null ? 'test-result' : result.ok ? 'test-result ok' : 'test-result failed'} role="status" aria-busy={test.isPending} data-testid="team-journal-test-result">
        {test.isPending ? <FormattedMessage id="profiles.team.connecting" /> : (result?.message ?? '')}
      </p>
    </fieldset>
  );
}
