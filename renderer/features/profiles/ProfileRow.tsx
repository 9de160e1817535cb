import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { announce } from '../../components/announce.ts';
import { KindBadge } from '../../components/KindBadge.tsx';
import { useSelectProfile } from '../../components/use-profiles.ts';
import { appErrorOf } from '../../bridge.ts';
import { useTestConnection } from './use-profile-changes.ts';

type Props = {
  profile: ProfileView;
  active: boolean;
  onEdit(): void;
  onRemove(): void;
  /** A profile with a team journal: offer to upload this computer's history of it. */
  onUpload(): void;
};

/** One profile: what it points at, what is stored for it, and what can be done with it. */
export function ProfileRow({ profile, active, onEdit, onRemove, onUpload }: Props) {
  const select = useSelectProfile();
  const test = useTestConnection();
  const result = test.data ?? (test.error ? { ok: false, summary: appErrorOf(test.error).message, latencyMs: null } : null);

  return (
    <tr data-testid={`profile-${profile.id}`} aria-current={active ? 'true' : undefined}>
      <th scope="row">
        <span className="profile-name">{profile.name}</span>
        {active && <span className="active-mark"> (in use)</span>}
        {profile.merchantName !== null && <div className="muted">Merchant: {profile.merchantName}</div>}
      </th>
      <td>
        <KindBadge kind={profile.kind} />
      </td>
      <td className="mono break">
        {profile.baseUrl}
        {profile.receiverUrl !== null && (
          <div className="muted" data-testid="receiver-url">
            Receiver: {profile.receiverUrl}
          </div>
        )}
      </td>
      <td className="mono" data-testid="key-hint">
        {profile.keyHint ? `…${profile.keyHint}` : <span className="muted">none</span>}
      </td>
      <td>{profile.hasSecret ? 'Stored' : <span className="muted">Not stored</span>}</td>
      <td>
        <div className="row-actions">
          <button
            type="button"
            className="button button-small"
            disabled={active || select.isPending}
            onClick={() =>
              select.mutate(profile.id, {
                onSuccess: () => announce(`Now using ${profile.name}`),
                onError: (error) => announce(appErrorOf(error).message),
              })
            }
          >
            Use<span className="visually-hidden"> {profile.name}</span>
          </button>
          <button type="button" className="button button-small" onClick={onEdit}>
            Edit<span className="visually-hidden"> {profile.name}</span>
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(profile.id, {
                onSuccess: (answer) => announce(`${profile.name}: ${answer.summary}`),
                onError: (error) => announce(`${profile.name}: ${appErrorOf(error).message}`),
              })
            }
          >
            {test.isPending ? 'Testing…' : 'Test connection'}
            <span className="visually-hidden"> to {profile.name}</span>
          </button>
          {profile.teamJournal !== null && (
            <button type="button" className="button button-small" onClick={onUpload}>
              Upload history<span className="visually-hidden"> of {profile.name} to its team journal</span>
            </button>
          )}
          {profile.kind !== 'local-sandbox' && (
            <button type="button" className="button button-small button-danger" onClick={onRemove}>
              Remove<span className="visually-hidden"> {profile.name}</span>
            </button>
          )}
        </div>
        {result && (
          <p className={result.ok ? 'test-result ok' : 'test-result failed'} data-testid="test-result">
            {result.summary}
            {result.ok && result.latencyMs !== null ? ` (${Math.round(result.latencyMs)} ms)` : ''}
          </p>
        )}
        {select.error && <p className="field-error">{appErrorOf(select.error).message}</p>}
      </td>
    </tr>
  );
}
