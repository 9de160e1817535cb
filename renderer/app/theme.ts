import { create } from 'zustand';

/**
 * Light and dark themes as CSS variables on <html data-theme>. "system" follows the OS and
 * changes with it; a chosen theme is kept in localStorage.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'merchant-console.theme';
const darkQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

function storedChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return (THEME_CHOICES as readonly string[]).includes(value ?? '') ? (value as ThemeChoice) : 'system';
  } catch {
    return 'system'; // storage can be disabled; the OS preference is a fine default
  }
}

export function resolveTheme(choice: ThemeChoice): Theme {
  if (choice !== 'system') return choice;
  return darkQuery()?.matches ? 'dark' : 'light';
}

function apply(choice: ThemeChoice): Theme {
  const theme = resolveTheme(choice);
  document.documentElement.dataset.theme = theme;
  document.documentElement.dataset.themeChoice = choice;
  return theme;
}

type ThemeState = {
  choice: ThemeChoice;
  theme: Theme;
  choose(choice: ThemeChoice): void;
};

export const useTheme = create<ThemeState>((set) => ({
  choice: storedChoice(),
  theme: resolveTheme(storedChoice()),
  choose(choice) {
    try {
      window.localStorage.setItem(STORAGE_KEY, choice);
    } catch {
      // Not persisted, but still applied for this session.
    }
    set({ choice, theme: apply(choice) });
  },
}));

/** Called once before the first render; also follows OS changes while the choice is "system". */
export function applyStoredTheme(): void {
  apply(useTheme.getState().choice);
  darkQuery()?.addEventListener('change', () => {
    const { choice } = useTheme.getState();
    if (choice === 'system') useTheme.setState({ theme: apply(choice) });
  });
}
