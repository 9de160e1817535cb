import type { ProfileKind } from '../../shared/ipc/profile.ts';

const LABELS: Record<ProfileKind, { text: string; title: string }> = {
  'local-sandbox': { text: 'LOCAL SANDBOX', title: 'The sandbox on this computer: nothing reaches the real service' },
  sandbox: { text: 'SANDBOX', title: "The service's sandbox: test money only" },
  live: { text: 'LIVE', title: 'Production: real money moves' },
};

/** Says at a glance whether real money moves; LIVE is deliberately the loudest. */
export function KindBadge({ kind }: { kind: ProfileKind }) {
  const label = LABELS[kind];
  return (
    <span className={`badge badge-${kind}`} title={label.title} data-testid="kind-badge">
      {label.text}
    </span>
  );
}

export const kindText = (kind: ProfileKind): string => LABELS[kind].text;
