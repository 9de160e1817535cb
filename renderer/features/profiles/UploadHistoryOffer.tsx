import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { teamJournalTarget } from '../../../shared/ipc/team-journal-settings.ts';
import { announce } from '../../components/announce.ts';
import { FailureAlert } from '../../components/States.tsx';
import { useUploadHistory } from './use-profile-changes.ts';

const mono = (chunks: ReactNode[]) => <span className="mono break">{chunks}</span>;

type Props = {
  /** A profile with a team journal: just joined, or chosen from its row. */
  profile: ProfileView;
  onClose(): void;
};

/**
 * Joining a team journal: what this computer recorded for the profile before is only
 * here, and the team journal's History does not show it. The person decides whether it goes up;
 * main copies each entry once and says how many moved, and which stayed here and why.
 */
export function UploadHistoryOffer({ profile, onClose }: Props) {
  const upload = useUploadHistory();
  const target = profile.teamJournal ? teamJournalTarget(profile.teamJournal) : '';
  const done = upload.data !== undefined;
  return (
    <section className="panel upload-offer" aria-labelledby="upload-offer-title" data-testid="upload-offer">
      <h2 id="upload-offer-title">
        <FormattedMessage id="profiles.upload.title" values={{ name: profile.name }} />
      </h2>
      <p>
        <FormattedMessage id="profiles.upload.body" values={{ name: profile.name, target, mono }} />
      </p>
      <p role="status" data-testid="upload-result">
        {upload.data?.message ?? ''}
      </p>
      <FailureAlert error={upload.error} />
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose}>
          <FormattedMessage id={done ? 'profiles.upload.close' : 'profiles.upload.notNow'} />
        </button>
        {!done && (
          <button
            type="button"
            className="button button-primary"
            disabled={upload.isPending}
            onClick={() => upload.mutate(profile.id, { onSuccess: (answer) => announce(answer.message) })}
          >
            <FormattedMessage id={upload.isPending ? 'profiles.upload.uploading' : 'profiles.upload.upload'} />
          </button>
        )}
      </div>
    </section>
  );
}
