// @vitest-environment jsdom
import { createElement } from 'react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { catalogueOf } from '../../shared/i18n/index.ts';
import type { Language } from '../../shared/i18n/index.ts';
import { DateTime } from './DateTime.tsx';
import { useLocale } from './locale.ts';

// Node reads TZ again whenever it is set, so each case runs in the zone it names.


/** `element` as the window draws it (the store's formats are read by a client render, not a server one), in `language`'s words. */
function drawnIn(element: ReactElement, language: Language = 'en'): HTMLElement {
  cleanup();
  return render(createElement(IntlProvider, { locale: language, messages: catalogueOf(language) }, element)).container;
}

const originalZone = process.env.TZ;
const english = useLocale.getState().view;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
  useLocale.setState({ view: english });
  cleanup();
});

const shown = (zone: string, value: string, formatLocale = 'en-US') => {
  process.env.TZ = zone;
  useLocale.setState({ view: { ...english, formatLocale } });
  return drawnIn(createElement(DateTime, { value })).textContent;
};

describe('a date and time', () => {
  it('is written once where local time is UTC', () => {
    expect(shown('UTC', '2026-01-15T12:03:07Z')).toBe('2026-01-15 12:03:07 UTC');
    expect(shown('Europe/London', '2026-01-15T12:03:07Z')).toBe('2026-01-15 12:03:07 UTC');
  });

  it('is written in local time with UTC beside it where they differ, with seconds and the zone named', () => {
    expect(shown('Europe/Berlin', '2026-01-15T12:03:07Z')).toBe('Jan 15, 2026, 13:03:07 GMT+1 (2026-01-15 12:03:07 UTC)');
    // London in summer is an hour ahead of UTC.
    expect(shown('Europe/London', '2026-07-15T12:03:07Z')).toMatch(/^Jul 15, 2026, 13:03:07 .+ \(2026-07-15 12:03:07 UTC\)$/);
  });

  it('writes local time in the window’s regional formats, the month as a word, and UTC as the service does', () => {
    expect(shown('Europe/Berlin', '2026-01-15T12:03:07Z', 'de-DE')).toBe('15. Jan. 2026, 13:03:07 MEZ (2026-01-15 12:03:07 UTC)');
    expect(shown('Europe/Paris', '2026-01-15T12:03:07Z', 'fr-FR')).toMatch(/^15 janv\. 2026, 13:03:07 UTC\+1 \(2026-01-15 12:03:07 UTC\)$/);
  });

  it('shows text that is not a time as it came', () => {
    expect(shown('UTC', 'yesterday')).toBe('yesterday');
  });
});
