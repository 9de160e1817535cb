import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { teamProfileKey } from './team-profile-key.ts';

/** The key every desktop of one merchant account files its team journal entries under. */

const ORIGIN = 'https://app.cryptoprocessing.com';
const KEY = 'merchant-key-5f2c9a71d04e';

describe('the team profile key', () => {
  it('is the same for every desktop with the same origin and API key, whatever each calls its profile', () => {
    expect(teamProfileKey(ORIGIN, KEY)).toBe(teamProfileKey(`${ORIGIN}`, `${KEY}`));
    expect(teamProfileKey(ORIGIN, KEY)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is a labelled SHA-256 of the origin and the key, never the key itself', () => {
    const key = teamProfileKey(ORIGIN, KEY);
    expect(key).toBe(createHash('sha256').update(`merchant-console team journal profile v1\n${ORIGIN}\n${KEY}`).digest('hex'));
    expect(key).not.toContain(KEY);
    // Not the bare hash of the key, which anything else hashing the key would also give.
    expect(key).not.toBe(createHash('sha256').update(KEY).digest('hex'));
  });

  it('differs for another key, another origin, and for text moved between the two', () => {
    const key = teamProfileKey(ORIGIN, KEY);
    expect(teamProfileKey(ORIGIN, `${KEY}x`)).not.toBe(key);
    expect(teamProfileKey('https://app.sandbox.cryptoprocessing.com', KEY)).not.toBe(key);
    expect(teamProfileKey('https://a.example', 'bc')).not.toBe(teamProfileKey('https://a.example/b', 'c'));
  });

  it('refuses an empty origin or key: every profile without a key would share one team profile', () => {
    expect(() => teamProfileKey('', KEY)).toThrow('A team profile key needs the origin and the API key.');
    expect(() => teamProfileKey(ORIGIN, '')).toThrow('A team profile key needs the origin and the API key.');
  });
});
