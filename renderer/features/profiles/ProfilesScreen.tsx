import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { announce } from '../../components/announce.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { Empty, ErrorMessage, FailureAlert, Loading } from '../../components/States.tsx';
import { useProfiles } from '../../components/use-profiles.ts';
import { appErrorOf } from '../../bridge.ts';
import { IdentityPanel } from './IdentityPanel.tsx';
import { joinedTeamJournal } from './joined-team.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { ProfileRow } from './ProfileRow.tsx';
import { UploadHistoryOffer } from './UploadHistoryOffer.tsx';
import { useRemoveProfile } from './use-profile-changes.ts';
import './profiles.css';

const COLUMNS: readonly MessageId[] = ['profiles.table.name', 'profiles.table.kind', 'profiles.table.baseUrl', 'profiles.table.apiKey', 'profiles.table.secret', 'profiles.table.actions'];

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; profile: ProfileView };

export function ProfilesScreen() {
  const intl = useIntl();
  const profiles = useProfiles();
  const remove = useRemoveProfile();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [removing, setRemoving] = useState<ProfileView | null>(null);
  // Joining a team journal offers to upload this computer's history of the profile.
  const [offering, setOffering] = useState<ProfileView | null>(null);

  const closeRemove = () => {
    setRemoving(null);
    remove.reset();
  };

  /**
   * A live profile is removed only after main's own native confirmation (docs/security.md), so the screen
   * asks nothing itself: one confirmation, not two. Other profiles are confirmed here.
   */
  const startRemove = (profile: ProfileView) => {
    if (profile.kind !== 'live') {
      setRemoving(profile);
      return;
    }
    remove.reset();
    remove.mutate(profile.id, { onSuccess: () => announce(intl.formatMessage({ id: 'profiles.removed' }, { name: profile.name })) });
  };

  return (
    <section className="screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <ScreenHeading>
          <FormattedMessage id="profiles.title" />
        </ScreenHeading>
        <button
          type="button"
          className="button button-primary"
          onClick={() => setEditing({ mode: 'add' })}
          disabled={editing.mode !== 'closed'}
        >
          <FormattedMessage id="profiles.add" />
        </button>
      </div>
      <p className="lead">
        <FormattedMessage id="profiles.lead" />
      </p>

      <IdentityPanel />

      {editing.mode !== 'closed' && (
        <ProfileForm
          key={editing.mode === 'edit' ? editing.profile.id : 'new'}
          profile={editing.mode === 'edit' ? editing.profile : null}
          onDone={(saved) => {
            if (saved && joinedTeamJournal(editing.mode === 'edit' ? editing.profile : null, saved)) setOffering(saved);
            setEditing({ mode: 'closed' });
          }}
        />
      )}

      {offering !== null && <UploadHistoryOffer key={offering.id} profile={offering} onClose={() => setOffering(null)} />}

      {removing === null && <FailureAlert error={remove.error} testId="remove-error" />}
      {profiles.isPending && <Loading what={intl.formatMessage({ id: 'profiles.loading' })} />}
      {profiles.isError && <ErrorMessage error={appErrorOf(profiles.error)} retry={() => void profiles.refetch()} />}
      {profiles.data && profiles.data.profiles.length === 0 && (
        <Empty>
          <FormattedMessage id="profiles.empty" />
        </Empty>
      )}
      {profiles.data && profiles.data.profiles.length > 0 && (
        <table className="table profiles-table">
          <caption className="visually-hidden">
            <FormattedMessage id="profiles.title" />
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((id) => (
                <th key={id} scope="col">
                  <FormattedMessage id={id} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {profiles.data.profiles.map((profile) => (
              <ProfileRow
                key={profile.id}
                profile={profile}
                active={profile.id === profiles.data.activeId}
                onEdit={() => setEditing({ mode: 'edit', profile })}
                onRemove={() => startRemove(profile)}
                onUpload={() => setOffering(profile)}
              />
            ))}
          </tbody>
        </table>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={removing ? intl.formatMessage({ id: 'profiles.remove.title' }, { name: removing.name }) : intl.formatMessage({ id: 'profiles.remove.titleNone' })}
        confirmLabel={intl.formatMessage({ id: 'profiles.remove.confirm' })}
        danger
        busy={remove.isPending}
        onClose={closeRemove}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              announce(intl.formatMessage({ id: 'profiles.removed' }, { name: removing.name }));
              closeRemove();
            },
          });
        }}
      >
        <p>
          <FormattedMessage id="profiles.remove.body" />
        </p>
        <FailureAlert error={remove.error} />
      </ConfirmDialog>
    </section>
  );
}
