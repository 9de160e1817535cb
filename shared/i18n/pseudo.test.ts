import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { PSEUDO_GROWTH, pseudoMessage } from './pseudo.ts';

describe('the pseudo-locale', () => {
  it('accents and lengthens the text, and keeps arguments, plurals, selects and tags working', () => {
    const message = 'Entries ({count}{setAside, plural, =0 {} other {, # set aside}}) in <b>{kind, select, invoice {an invoice} other {{kind}}}</b>';
    const pseudo = pseudoMessage(message);
    const intl = createIntl({ locale: 'en', messages: { m: pseudo } });
    const text = intl.formatMessage({ id: 'm' }, { count: 3, setAside: 2, kind: 'invoice', b: (chunks) => `*${chunks.join('')}*` });
    expect(text).toMatch(/^\[Éñţŕíéš \(3, 2 šéţ ášíðé\) íñ \*áñ íñṽóíçé\*~{10,}\]$/);
  });

  it('makes a text about 40% longer, so a layout that only fits English shows it', () => {
    const english = 'Look up a transaction';
    const pseudo = pseudoMessage(english);
    expect([...pseudo].length).toBeGreaterThanOrEqual(Math.ceil(english.length * (1 + PSEUDO_GROWTH)));
  });
});
