import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { appErrorOf } from '../bridge.ts';
import { useProfiles, useSelectProfile } from '../components/use-profiles.ts';
import { announce } from '../components/announce.ts';
import { kindText } from '../components/KindBadge.tsx';

/** The header's select of profiles; choosing one makes it active in main at once. */
export function ProfileSwitcher() {
  const id = useId();
  const intl = useIntl();
  const { data } = useProfiles();
  const select = useSelectProfile();
  if (!data || data.profiles.length === 0) return null;
  return (
    <div className="switcher">
      <label htmlFor={id}>
        <FormattedMessage id="profileSwitcher.label" />
      </label>
      <select
        id={id}
        value={data.activeId ?? ''}
        disabled={select.isPending}
        onChange={(event) => {
          const profile = data.profiles.find((p) => p.id === event.target.value);
          select.mutate(event.target.value, {
            onSuccess: () =>
              announce(profile ? intl.formatMessage({ id: 'profileSwitcher.nowUsing' }, { name: profile.name }) : intl.formatMessage({ id: 'profileSwitcher.nowUsingChosen' })),
            onError: (error) => announce(appErrorOf(error).message),
          });
        }}
      >
        {data.activeId === null && <option value="">{intl.formatMessage({ id: 'profileSwitcher.choose' })}</option>}
        {data.profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {intl.formatMessage({ id: 'profileSwitcher.option' }, { name: p.name, kind: kindText(intl, p.kind) })}
          </option>
        ))}
      </select>
    </div>
  );
}
