import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/index.ts';
import type { ThemeChoice } from './theme.ts';
import { THEME_CHOICES, useTheme } from './theme.ts';

const LABELS: Record<ThemeChoice, MessageId> = { system: 'theme.system', light: 'theme.light', dark: 'theme.dark' };

export function ThemeSelect() {
  const id = useId();
  const intl = useIntl();
  const { choice, choose } = useTheme();
  return (
    <div className="switcher">
      <label htmlFor={id}>{intl.formatMessage({ id: 'theme.label' })}</label>
      <select id={id} data-testid="theme-select" value={choice} onChange={(event) => choose(event.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {intl.formatMessage({ id: LABELS[c] })}
          </option>
        ))}
      </select>
    </div>
  );
}
