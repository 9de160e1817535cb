import { useId } from 'react';
import { appErrorOf } from '../bridge.ts';
import { useProfiles, useSelectProfile } from '../components/use-profiles.ts';
import { announce } from '../components/announce.ts';
import { kindText } from '../components/KindBadge.tsx';

/** The header's select of profiles; choosing one makes it active in main at once. */
export function ProfileSwitcher() {
  const id = useId();
  const { data } = useProfiles();
  const select = useSelectProfile();
  if (!data || data.profiles.length === 0) return null;
  return (
    <div className="switcher">
      <label htmlFor={id}>Profile</label>
      <select
        id={id}
        value={data.activeId ?? ''}
        disabled={select.isPending}
        onChange={(event) => {
          const profile = data.profiles.find((p) => p.id === event.target.value);
          select.mutate(event.target.value, {
            onSuccess: () => announce(`Now using ${profile?.name ?? 'the chosen profile'}`),
            onError: (error) => announce(appErrorOf(error).message),
          });
        }}
      >
        {data.activeId === null && <option value="">Choose a profile</option>}
        {data.profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({kindText(p.kind)})
          </option>
        ))}
      </select>
    </div>
  );
}
