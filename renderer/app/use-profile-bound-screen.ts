import { useEffect, useState } from 'react';
import { forgetProfileBound } from '../components/profile-bound.ts';
import { useProfiles } from '../components/use-profiles.ts';

/**
 * Whether the open screen is being taken down because another profile became active (chosen in the
 * header or on Profiles, or the active one removed). The order matters: the old screen unmounts first (a form then keeps what was typed in
 * its store), then every profile-bound store is forgotten (components/profile-bound.ts), and only
 * then is the screen mounted again, so nothing of the last profile reaches the next.
 */
export function useProfileBoundScreen(): boolean {
  const activeId = useProfiles().data?.activeId;
  // The profile whose state is on show; undefined until the list first arrives, when nothing was shown for any.
  const [shownFor, setShownFor] = useState(activeId);
  const switching = activeId !== shownFor && shownFor !== undefined;

  useEffect(() => {
    if (activeId === shownFor) return;
    if (shownFor !== undefined) forgetProfileBound();
    // A second render on purpose: the screen may mount again only after the old one's cleanups ran
    // (they run before this effect) and the stores were forgotten; deriving it in render cannot order that.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShownFor(activeId);
  }, [activeId, shownFor]);

  return switching;
}
