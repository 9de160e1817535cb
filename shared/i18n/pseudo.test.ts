import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { catalogueOf } from './catalogues.ts';
import { PSEUDO_GROWTH, pseudoMessage } from './pseudo.ts';

const english = catalogueOf('en');

/** The pseudo text of one English message, formatted as react-intl would. */
function pseudoFormatted(id: keyof typeof english, values: Parameters<ReturnType<typeof createIntl<string>>['formatMessage']>[1]): string {
  const intl = createIntl({ locale: 'en', messages: { ...english, [id]: pseudoMessage(english[id]) } });
  return [intl.formatMessage({ id }, values)].flat().join('');
}

describe('the pseudo-locale', () => {
  it('accents and lengthens the text, and keeps arguments, plurals, selects and tags working', () => {
    expect(pseudoFormatted('transactions.entries.title', { count: 3, setAside: 2 })).toMatch(/^\[Éñţŕíéš \(3, 2 šéţ ášíðé\)~+\]$/);
    expect(pseudoFormatted('transactions.owner.kind', { kind: 'address' })).toMatch(/^\[ðéþóšíţ áððŕéšš~+\]$/);
    expect(pseudoFormatted('transactions.owner.kind', { kind: 'refund' })).toMatch(/^\[refund~*\]$/);
    expect(pseudoFormatted('transactions.form.note', { strong: (chunks: string[]) => `*${chunks.join('')}*` })).toMatch(/^\[Á ƒóŕéíĝñ íð .* *ŵíţĥðŕáŵáļš áñð éẋçĥáñĝéš\* .*~+\]$/);
  });

  it('makes a text about 40% longer, so a layout that only fits English shows it', () => {
    const text = 'Look up a transaction';
    expect([...pseudoMessage(text)].length).toBeGreaterThanOrEqual(Math.ceil(text.length * (1 + PSEUDO_GROWTH)));
  });
});
