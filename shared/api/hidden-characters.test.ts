import { describe, expect, it } from 'vitest';
import { profileSaveRequest } from '../ipc/profile.ts';
import { inEnglish } from '../i18n/testing/in-english.ts';
import { foreignIdInput, hasHiddenCharacters, showHiddenCharacters } from './wire.ts';

// Text a person checks must read as it is sent: controls and bidirectional or invisible format
// characters are refused where the renderer types them, and written out where they are shown.

const HIDDEN = ['\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\u2028', '\n', '\t', '\u0000', '\u007F', '\u0085'];

describe('hidden characters', () => {
  it('are found, each, and written out as \\u{…}', () => {
    for (const character of HIDDEN) expect(hasHiddenCharacters(`a${character}b`), character.codePointAt(0)?.toString(16)).toBe(true);
    expect(showHiddenCharacters('inv-\u202Egpj.exe\n')).toBe('inv-\\u{202E}gpj.exe\\u{000A}');
    expect(showHiddenCharacters('\uD800')).toBe('\\u{D800}');
  });

  it('are not found in plain text of any script', () => {
    for (const text of ['Ana’s shop', 'Café Zürich', 'Магазин', 'متجر', '店铺 1', 'order #42 (EU)']) {
      expect(hasHiddenCharacters(text), text).toBe(false);
      expect(showHiddenCharacters(text)).toBe(text);
    }
  });

  it('are refused by the contract in a foreign id and a profile name, with a field message', () => {
    for (const character of HIDDEN.filter((c) => c.trim() !== '')) {
      expect(inEnglish(foreignIdInput.safeParse(`inv-${character}1`).error?.issues[0]?.message)).toBe(
        'A foreign id cannot hold control characters or invisible formatting characters',
      );
      const parsed = profileSaveRequest.safeParse({ name: `Shop${character}EU`, baseUrl: 'https://app.cryptoprocessing.com/api/v2' });
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)])).toEqual([
        ['name', 'A name cannot hold control characters or invisible formatting characters'],
      ]);
    }
    expect(foreignIdInput.parse('  inv-42  ')).toBe('inv-42');
  });
});
