import { useActiveProfile, useProfiles } from '../components/use-profiles.ts';
import { ProfileSwitcher } from './ProfileSwitcher.tsx';
import { ThemeSelect } from './ThemeSelect.tsx';
import { KindBadge } from '../components/KindBadge.tsx';

/** The active profile and its kind are always in sight: staff must never mistake LIVE for a sandbox. */
export function Header() {
  const { isPending } = useProfiles();
  const active = useActiveProfile();
  return (
    <header className={`app-header${active?.kind === 'live' ? ' app-header-live' : ''}`}>
      <span className="app-name">Merchant Console</span>
      <div className="active-profile" data-testid="active-profile" aria-live="polite">
        {active ? (
          <>
            <KindBadge kind={active.kind} />
            <span className="active-profile-name">{active.name}</span>
          </>
        ) : (
          <span className="muted">{isPending ? 'Loading profiles…' : 'No profile selected'}</span>
        )}
      </div>
      <div className="header-tools">
        <ProfileSwitcher />
        <ThemeSelect />
      </div>
    </header>
  );
}
