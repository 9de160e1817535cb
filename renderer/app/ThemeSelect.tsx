import { useId } from 'react';
import type { ThemeChoice } from './theme.ts';
import { THEME_CHOICES, useTheme } from './theme.ts';

const LABELS: Record<ThemeChoice, string> = { system: 'Same as system', light: 'Light', dark: 'Dark' };

export function ThemeSelect() {
  const id = useId();
  const { choice, choose } = useTheme();
  return (
    <div className="switcher">
      <label htmlFor={id}>Theme</label>
      <select id={id} value={choice} onChange={(event) => choose(event.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {LABELS[c]}
          </option>
        ))}
      </select>
    </div>
  );
}
