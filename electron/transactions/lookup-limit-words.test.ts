import { describe, expect, it } from 'vitest';
import { say } from '../../shared/i18n/index.ts';
import { createLookupLimit } from './index.ts';

describe('the lookups’ allowance, in the window’s language', () => {
  it('refuses the lookup over the limit in the language main says things in at that moment', () => {
    let language: 'fr' | 'de' = 'fr';
    const limit = createLookupLimit(() => 1_000, 1, { say: (id, values) => say(language, id, values) });
    limit.take();
    expect(() => limit.take()).toThrow('Cette console recherche au plus 1 transaction par minute. Rien n’a été envoyé ; la prochaine recherche est possible dans 60 s.');
    language = 'de';
    expect(() => limit.take()).toThrow('Diese Konsole sucht höchstens 1 Transaktion pro Minute. Es wurde nichts gesendet; die nächste Suche ist in 60 s möglich.');
  });

  it('is English without a locale (plain Node)', () => {
    const limit = createLookupLimit(() => 1_000, 1);
    limit.take();
    expect(() => limit.take()).toThrow('This console looks up at most 1 transaction a minute.');
  });
});
