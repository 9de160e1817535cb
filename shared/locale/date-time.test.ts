import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

const at = '2026-11-22T12:03:07Z';

describe('formatDateTime', () => {
  it('writes local time with seconds and the zone named, and UTC in ISO order beside it', () => {
    expect(formatDateTime(at, 'de', 'Europe/Berlin')).toEqual({ local: '22. Nov. 2026, 13:03:07 MEZ', utc: '2026-11-22 12:03:07 UTC', sameAsUtc: false });
    expect(formatDateTime(at, 'en', 'Europe/Berlin')?.local).toBe('Nov 22, 2026, 13:03:07 GMT+1');
    expect(formatDateTime(at, 'fr', 'America/New_York')?.local).toBe('22 nov. 2026, 07:03:07 UTC−5');
  });

  it('says when the zone reads the same as UTC at that instant (London in winter, not in summer)', () => {
    expect(formatDateTime(at, 'en', 'Europe/London')?.sameAsUtc).toBe(true);
    expect(formatDateTime('2026-07-01T12:00:00Z', 'en', 'Europe/London')?.sameAsUtc).toBe(false);
    expect(formatDateTime(Date.parse(at), 'en', 'UTC')?.sameAsUtc).toBe(true);
  });

  it('gives nothing for text that is not a time', () => {
    expect(formatDateTime('yesterday', 'en', 'UTC')).toBeNull();
  });
});
