import { FormattedMessage } from 'react-intl';
import { useActiveProfile, useProfiles } from '../components/use-profiles.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { ProfileSwitcher } from './ProfileSwitcher.tsx';
import { ThemeSelect } from './ThemeSelect.tsx';
import { KindBadge } from '../components/KindBadge.tsx';

/** The active profile and its kind are always in sight: staff must never mistake LIVE for a sandbox. */
export function Header() {
  const { isPending } = useProfiles();
  const active = useActiveProfile();
  return (
    <header className={`app-header${active?.kind === 'live' ? ' app-header-live' : ''}`}>
      <span className="app-name">
        <FormattedMessage id="app.name" />
      </span>
      <div className="active-profile" data-testid="active-profile" aria-live="polite">
        {active ? (
          <>
            <KindBadge kind={active.kind} />
            <span className="active-profile-name">{active.name}</span>
          </>
        ) : (
          <span className="muted">
            <FormattedMessage id={isPending ? 'header.profiles.loading' : 'header.profiles.none'} />
          </span>
        )}
      </div>
      <div className="header-tools">
        <ProfileSwitcher />
        <ThemeSelect />
        <LanguageSelect />
      </div>
    </header>
  );
}
