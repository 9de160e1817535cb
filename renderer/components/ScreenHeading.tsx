import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';

/**
 * The screen's <h1>. It takes the focus when the screen opens (by shortcut or sidebar), so a
 * screen-reader user hears where they are and the next Tab starts inside the screen.
 */
export function ScreenHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Only move focus away from the page body or the navigation, never out of a field being typed in.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('nav')) ref.current?.focus();
  }, []);
  return (
    <h1 id="screen-title" className="screen-title" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
