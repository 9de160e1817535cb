import { SCREENS, shortcutOf, useNavigation } from '../navigation/screens.ts';

/** Buttons, not links: there are no URLs to open elsewhere. aria-current marks the open screen. */
export function Sidebar() {
  const { screen, go } = useNavigation();
  return (
    <nav className="sidebar" aria-label="Screens">
      <ul>
        {SCREENS.map((s, index) => {
          const shortcut = shortcutOf(index);
          return (
            <li key={s.id}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === s.id ? 'page' : undefined}
                aria-keyshortcuts={shortcut.aria}
                title={`${s.label} (${shortcut.label})`}
                onClick={() => go(s.id)}
              >
                <span>{s.label}</span>
                <kbd aria-hidden="true">{shortcut.label}</kbd>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
