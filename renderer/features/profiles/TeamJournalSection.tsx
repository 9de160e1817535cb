import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
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

const SECTION_FIELDS = ['teamJournal.host', 'teamJournal.port', 'teamJournal.database', 'teamJournal.user', 'teamJournal.caFile'] as const;

/**
 * "Team journal (optional)": the PostgreSQL database the whole team records into, its
 * password (typed once, kept in the keychain, tied to this very server, database and user), an
 * optional CA file, and "Test connection" on the values as typed, before they are saved.
 */
export function TeamJournalSection({ form, profile }: Props) {
  const identity = useIdentity();
  const test = useTestTeamJournal();
  const { errors } = form.formState;
  const fields = useWatch({ control: form.control, name: 'teamJournal' });
  const typed = teamJournalFields.safeParse(fields);
  const settings = typed.success ? typed.data : null;
  const passwordReason = teamPasswordReason(profile, settings);
  const keepStored = settings !== null && passwordReason === null;

  const runTest = async () => {
    test.reset();
    const valid = await form.trigger([...SECTION_FIELDS]);
    const parsed = teamJournalFields.safeParse(form.getValues('teamJournal'));
    if (!valid || !parsed.success) return;
    if (parsed.data === null) {
      form.setError('teamJournal.host', { type: 'manual', message: "Enter the team journal's server to test it" }, { shouldFocus: true });
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
      <legend>Team journal (optional)</legend>
      <p id="team-journal-about" className="field-hint">
        A PostgreSQL database the whole finance team records into, so that everyone&apos;s History shows one record and no
        foreign id is sent twice from two desktops. Leave the server empty to keep the journal on this computer only. TLS is
        required, and the server&apos;s certificate verified, unless the database runs on this computer.
      </p>
      {who && who.displayName !== null && (
        <p data-testid="team-journal-identity">
          Your name in the journal: <strong>{who.displayName}</strong> on <strong>{who.computer}</strong>
        </p>
      )}
      {who && who.displayName === null && (
        <p className="form-error" data-testid="team-journal-identity">
          Set your name in the journal first (&quot;Your name in the journal&quot;, above): every entry of a team journal names the
          person who made it.
        </p>
      )}
      <TextField label="Server" autoComplete="off" spellCheck={false} hint="The database server's name, such as journal.example.com." error={errors.teamJournal?.host?.message} {...form.register('teamJournal.host')} />
      <TextField label="Port" inputMode="numeric" autoComplete="off" error={errors.teamJournal?.port?.message} {...form.register('teamJournal.port')} />
      <TextField label="Database" autoComplete="off" spellCheck={false} error={errors.teamJournal?.database?.message} {...form.register('teamJournal.database')} />
      <TextField label="User" autoComplete="off" spellCheck={false} error={errors.teamJournal?.user?.message} {...form.register('teamJournal.user')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder={keepStored ? 'Leave empty to keep the stored password' : undefined}
        hint={passwordReason ?? 'Kept in your system keychain, for this server, database and user only. It is never shown again.'}
        error={errors.teamJournalPassword?.message}
        {...form.register('teamJournalPassword')}
      />
      <TextField
        label="CA file"
        autoComplete="off"
        spellCheck={false}
        hint="Optional: the full path of a PEM file, such as /etc/ssl/company-ca.pem, with the certificate authority that signed the server's certificate, if it is your company's own. It is trusted beside the system's."
        error={errors.teamJournal?.caFile?.message}
        {...form.register('teamJournal.caFile')}
      />
      <div className="row-actions">
        <button type="button" className="button" disabled={test.isPending} onClick={() => void runTest()}>
          {test.isPending ? 'Testing…' : 'Test connection'}
          <span className="visually-hidden"> to the team journal</span>
        </button>
      </div>
      <p className={result === null ? 'test-result' : result.ok ? 'test-result ok' : 'test-result failed'} role="status" aria-busy={test.isPending} data-testid="team-journal-test-result">
        {test.isPending ? 'Connecting…' : (result?.message ?? '')}
      </p>
    </fieldset>
  );
}
