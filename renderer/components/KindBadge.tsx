import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../shared/i18n/index.ts';
import type { ProfileKind } from '../../shared/ipc/profile.ts';

const LABELS: Record<ProfileKind, { text: MessageId; title: MessageId }> = {
  'local-sandbox': { text: 'kind.localSandbox', title: 'kind.localSandbox.title' },
  sandbox: { text: 'kind.sandbox', title: 'kind.sandbox.title' },
  live: { text: 'kind.live', title: 'kind.live.title' },
};

/** Says at a glance whether real money moves; LIVE is deliberately the loudest. */
export function KindBadge({ kind }: { kind: ProfileKind }) {
  const intl = useIntl();
  const label = LABELS[kind];
  return (
    <span className={`badge badge-${kind}`} title={intl.formatMessage({ id: label.title })} data-testid="kind-badge">
      {intl.formatMessage({ id: label.text })}
    </span>
  );
}

export const kindText = (intl: IntlShape, kind: ProfileKind): string => intl.formatMessage({ id: LABELS[kind].text });
