import { useIntl } from 'react-intl';
import { SCREENS, shortcutOf, useNavigation } from '../navigation/screens.ts';

/** Buttons, not links: there are no URLs to open elsewhere. aria-current marks the open screen. */
export function Sidebar() {
  const { screen, go } = useNavigation();
  const intl = useIntl();
  return (
    <nav className="sidebar" aria-label={intl.formatMessage({ id: 'nav.label' })}>
      <ul>
        {SCREENS.map((s, index) => {
          const shortcut = shortcutOf(index);
          const label = intl.formatMessage({ id: s.labelId });
          return (
            <li key={s.id}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === s.id ? 'page' : undefined}
                aria-keyshortcuts={shortcut.aria}
                title={intl.formatMessage({ id: 'nav.item.title' }, { screen: label, shortcut: shortcut.label })}
                onClick={() => go(s.id)}
              >
                <span>{label}</span>
                <kbd aria-hidden="true">{shortcut.label}</kbd>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
