import { describe, expect, it } from 'vitest';
import { inEnglish } from '../i18n/testing/in-english.ts';
import { merchantNameInput, profileSaveRequest } from './profile.ts';

const base = { name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2' };
const issuesOf = (value: unknown) => profileSaveRequest.safeParse({ ...base, merchantName: value }).error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]);

describe('a profile’s merchant name', () => {
  it('is kept trimmed, in any script', () => {
    expect(profileSaveRequest.parse({ ...base, merchantName: '  Acme GmbH ' }).merchantName).toBe('Acme GmbH');
    expect(merchantNameInput.parse('Café Zürich, Магазин 店铺')).toBe('Café Zürich, Магазин 店铺');
  });

  it('is none when empty or only spaces, or null; absent stays absent (an edit keeps the stored one)', () => {
    expect(profileSaveRequest.parse({ ...base, merchantName: '' }).merchantName).toBeNull();
    expect(profileSaveRequest.parse({ ...base, merchantName: '   ' }).merchantName).toBeNull();
    expect(profileSaveRequest.parse({ ...base, merchantName: null }).merchantName).toBeNull();
    expect('merchantName' in profileSaveRequest.parse(base)).toBe(false);
  });

  it('is at most 200 characters, after trimming', () => {
    expect(profileSaveRequest.parse({ ...base, merchantName: ` ${'a'.repeat(200)} ` }).merchantName).toHaveLength(200);
    expect(issuesOf('a'.repeat(201))).toEqual([['merchantName', 'A merchant name is at most 200 characters']]);
  });

  it('holds no control or invisible formatting characters, as the profile name', () => {
    for (const character of ['\u202E', '\u200B', '\u2028', '\n', '\t', '\u0000', '\u007F']) {
      expect(issuesOf(`Acme${character}GmbH`), character.codePointAt(0)?.toString(16)).toEqual([
        ['merchantName', 'A merchant name cannot hold control characters or invisible formatting characters'],
      ]);
    }
  });
});
