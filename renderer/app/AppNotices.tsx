import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AppNotice } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge.ts';
import { CopyableText } from '../components/CopyableText.tsx';

export const APP_NOTICES_KEY = ['app-notices'] as const;

/** What one notice says, in the words of the person who has to act on it. */
function NoticeText({ notice }: { notice: AppNotice }) {
  const intl = useIntl();
  return (
    <p>
      <FormattedMessage
        id="app.notice.sandboxSetAside"
        values={{
          strong: (chunks) => <strong>{chunks}</strong>,
          path: <CopyableText value={notice.keptAs} what={intl.formatMessage({ id: 'app.notice.keptAsWhat' })} testId="app-notice-kept-as" />,
          reason: notice.reason,
        }}
      />
    </p>
  );
}

/**
 * Notices main has about the app itself (shared/ipc/capabilities/app.ts), shown above the open screen
 * until dismissed. Asked again whenever the profile changes (every query but the profiles' is reset
 * then), since the Local sandbox reads its records when its profile is first used.
 */
export function AppNotices() {
  const { data } = useQuery({ queryKey: APP_NOTICES_KEY, queryFn: () => invoke('app.notices', {}) });
  const [dismissed, setDismissed] = useState<readonly string[]>([]);
  const shown = (data?.notices ?? []).filter((notice) => !dismissed.includes(notice.keptAs));
  return shown.map((notice) => (
    <div key={notice.keptAs} className="app-notice" role="status" data-testid="app-notice">
      <NoticeText notice={notice} />
      <button type="button" onClick={() => setDismissed((before) => [...before, notice.keptAs])}>
        <FormattedMessage id="app.notice.dismiss" />
      </button>
    </div>
  ));
}
