import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, catalogueOf } from './catalogues.ts';
import { PSEUDO_LANGUAGE, SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from './languages.ts';
import { messageArguments } from './message-arguments.ts';

const source = CATALOGUES[SOURCE_LANGUAGE];
const sourceKeys = Object.keys(source).sort();

/** What differs between a catalogue and English: keys missing, keys extra, messages whose arguments differ. */
function differences(catalogue: Record<string, string>): { missing: string[]; extra: string[]; arguments: string[] } {
  const keys = Object.keys(catalogue);
  return {
    missing: sourceKeys.filter((key) => !Object.hasOwn(catalogue, key)),
    extra: keys.filter((key) => !Object.hasOwn(source, key)).sort(),
    arguments: sourceKeys
      .filter((key) => Object.hasOwn(catalogue, key))
      .filter((key) => messageArguments(catalogue[key] ?? '').join() !== messageArguments(source[key as keyof typeof source]).join()),
  };
}

describe('the catalogues', () => {
  it.each(SHIPPED_LANGUAGES)('%s: every message is valid ICU and not empty', (language) => {
    for (const [key, message] of Object.entries(CATALOGUES[language])) {
      expect(() => parse(message), `${language} ${key}`).not.toThrow();
      expect(message.trim(), `${language} ${key}`).not.toBe('');
    }
  });

  it.each(SHIPPED_LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE))(
    '%s: has every key of English, no other, each with the same arguments and tags',
    (language) => {
      expect(differences(CATALOGUES[language])).toEqual({ missing: [], extra: [], arguments: [] });
    },
  );

  it('finds a key missing, a key extra and an argument dropped or changed (the check above can fail)', () => {
    const broken: Record<string, string> = { ...CATALOGUES.de };
    delete broken['transactions.title'];
    broken['transactions.typo'] = 'Transaktionen';
    broken['main.lookup.limit'] = 'Höchstens {limit} pro Minute.';
    broken['transactions.entries.title'] = 'Einträge ({count}{setAside})';
    broken['transactions.form.note'] = 'Ohne Auszeichnung.';
    expect(differences(broken)).toEqual({
      missing: ['transactions.title'],
      extra: ['transactions.typo'],
      arguments: ['main.lookup.limit', 'transactions.entries.title', 'transactions.form.note'],
    });
  });

  it('the pseudo-locale has every key with the same arguments, every text accented and bracketed', () => {
    const pseudo = catalogueOf(PSEUDO_LANGUAGE);
    expect(differences(pseudo)).toEqual({ missing: [], extra: [], arguments: [] });
    for (const key of sourceKeys) {
      const message = pseudo[key as keyof typeof pseudo];
      expect(message.startsWith('[') && message.endsWith(']'), key).toBe(true);
    }
    expect(pseudo['transactions.title']).toBe('[Ţŕáñšáçţíóñš~~~~~]');
  });
});
