import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from './DateTime.tsx';

// Node reads TZ again whenever it is set, so each case runs in the zone it names.

const originalZone = process.env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

const shown = (zone: string, value: string) => {
  process.env.TZ = zone;
  return renderToStaticMarkup(createElement(DateTime, { value })).replace(/<[^>]*>/g, '');
};

describe('a date and time', () => {
  it('is written once where local time is UTC', () => {
    expect(shown('UTC', '2026-01-15T12:03:07Z')).toBe('2026-01-15 12:03:07 UTC');
    expect(shown('Europe/London', '2026-01-15T12:03:07Z')).toBe('2026-01-15 12:03:07 UTC');
  });

  it('is written in UTC and in local time where they differ', () => {
    const text = shown('Europe/Berlin', '2026-01-15T12:03:07Z');
    expect(text).toMatch(/^2026-01-15 12:03:07 UTC \(.*13:03:07.*\)$/);
    // London in summer is an hour ahead of UTC.
    expect(shown('Europe/London', '2026-07-15T12:03:07Z')).toMatch(/^2026-07-15 12:03:07 UTC \(.*13:03:07.*\)$/);
  });
});
