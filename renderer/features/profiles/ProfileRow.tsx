import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { wordRule } from '../../../shared/i18n/rule-message.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { announce } from '../../components/announce.ts';
import { KindBadge } from '../../components/KindBadge.tsx';
import { SPACE, useFormatLocale } from '../../components/locale.ts';
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

/** What a button says only to a screen reader (which profile it acts on). */
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** One profile: what it points at, what is stored for it, and what can be done with it. */
export function ProfileRow({ profile, active, onEdit, onRemove, onUpload }: Props) {
  const intl = useIntl();
  const formatLocale = useFormatLocale();
  const select = useSelectProfile();
  const test = useTestConnection();
  const result = test.data ?? (test.error ? { ok: false, summary: appErrorOf(test.error).message, latencyMs: null } : null);
  const named = { name: profile.name, hidden };

  return (
    <tr data-testid={`profile-${profile.id}`} aria-current={active ? 'true' : undefined}>
      <th scope="row">
        <span className="profile-name">{profile.name}</span>
        {active && (
          <span className="active-mark">
            {SPACE}
            <FormattedMessage id="profiles.row.inUse" />
          </span>
        )}
        {profile.merchantName !== null && (
          <div className="muted">
            <FormattedMessage id="profiles.row.merchant" values={{ name: profile.merchantName }} />
          </div>
        )}
      </th>
      <td>
        <KindBadge kind={profile.kind} />
      </td>
      <td className="mono break">
        {profile.baseUrl}
        {profile.receiverUrl !== null && (
          <div className="muted" data-testid="receiver-url">
            <FormattedMessage id="profiles.row.receiver" values={{ url: profile.receiverUrl }} />
          </div>
        )}
      </td>
      <td className="mono" data-testid="key-hint">
        {profile.keyHint ? (
          <FormattedMessage id="profiles.row.keyEnding" values={{ hint: profile.keyHint }} />
        ) : (
          <span className="muted">
            <FormattedMessage id="profiles.row.noKey" />
          </span>
        )}
      </td>
      <td>
        {profile.hasSecret ? (
          <FormattedMessage id="profiles.row.secretStored" />
        ) : (
          <span className="muted">
            <FormattedMessage id="profiles.row.secretNotStored" />
          </span>
        )}
      </td>
      <td>
        <div className="row-actions">
          <button
            type="button"
            className="button button-small"
            disabled={active || select.isPending}
            onClick={() =>
              select.mutate(profile.id, {
                onSuccess: () => announce(intl.formatMessage({ id: 'profiles.row.nowUsing' }, { name: profile.name })),
                onError: (error) => announce(appErrorOf(error).message),
              })
            }
          >
            <FormattedMessage id="profiles.row.use" values={named} />
          </button>
          <button type="button" className="button button-small" onClick={onEdit}>
            <FormattedMessage id="profiles.row.edit" values={named} />
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(profile.id, {
                onSuccess: (answer) => announce(intl.formatMessage({ id: 'profiles.row.testAnnounce' }, { name: profile.name, summary: wordRule(intl, answer.summary) })),
                onError: (error) => announce(intl.formatMessage({ id: 'profiles.row.testAnnounce' }, { name: profile.name, summary: appErrorOf(error).message })),
              })
            }
          >
            <FormattedMessage id={test.isPending ? 'profiles.row.testing' : 'profiles.row.test'} values={named} />
          </button>
          {profile.teamJournal !== null && (
            <button type="button" className="button button-small" onClick={onUpload}>
              <FormattedMessage id="profiles.row.upload" values={named} />
            </button>
          )}
          {profile.kind !== 'local-sandbox' && (
            <button type="button" className="button button-small button-danger" onClick={onRemove}>
              <FormattedMessage id="profiles.row.remove" values={named} />
            </button>
          )}
        </div>
        {result && (
          <p className={result.ok ? 'test-result ok' : 'test-result failed'} data-testid="test-result">
            {wordRule(intl, result.summary)}
            {result.ok && result.latencyMs !== null && (
              <>
                {SPACE}
                <FormattedMessage id="profiles.row.latency" values={{ ms: new Intl.NumberFormat(formatLocale, { maximumFractionDigits: 0 }).format(result.latencyMs) }} />
              </>
            )}
          </p>
        )}
        {select.error && <p className="field-error">{appErrorOf(select.error).message}</p>}
      </td>
    </tr>
  );
}
