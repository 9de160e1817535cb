import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/index.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { LookupError } from './LookupError.tsx';

// What the screen says when a lookup fails, as React renders it, lookups by hash included.

const hash = '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93';
const render = (query: Parameters<typeof LookupError>[0]['query'], error: Parameters<typeof LookupError>[0]['error'], language: Language = 'en') =>
  staticMarkup(createElement(LookupError, { query, error, retry: () => undefined }), undefined, language);

describe('a failed lookup by hash', () => {
  it('explains a service that does not take a hash, with the hash to take to the back office and no Try again', () => {
    const html = render({ txid: hash }, { kind: 'unsupported', message: 'This service does not support lookup by hash; look it up in the back office.' });
    const text = readableText(html);
    expect(text).toContain('This service does not support lookup by hash; look it up in the back office.');
    expect(text).toContain(hash);
    expect(html).toContain('aria-label="Copy hash"');
    expect(text).not.toContain('Try again');
    expect(html).toContain('role="alert"');
  });

  it('says a hash was not found, and why that may be', () => {
    const text = readableText(render({ txid: hash }, { kind: 'not_found', message: 'Transaction not found' }));
    expect(text).toContain(`No transaction with hash “${hash}” was found for this profile.`);
    expect(text).toContain('The hash is the one the chain gives the payment');
    expect(text).not.toContain('A foreign id finds');
  });

  it('keeps the words for an id and a foreign id', () => {
    expect(readableText(render({ id: 7 }, { kind: 'not_found', message: 'x' }))).toContain('not your foreign id');
    expect(readableText(render({ foreign_id: 'w-1' }, { kind: 'not_found', message: 'x' }))).toContain('A foreign id finds withdrawals and exchanges, not deposits');
  });
});

describe('a failed lookup in the window’s language', () => {
  it('says it in German and in French, the value looked up in the sentence, main’s details as main said them', () => {
    const german = readableText(render({ txid: hash }, { kind: 'not_found', message: 'Transaktion nicht gefunden' }, 'de'));
    expect(german).toContain(`Für dieses Profil wurde keine Transaktion mit Hash „${hash}“ gefunden.`);
    expect(german).toContain('Details: Transaktion nicht gefunden');
    const french = readableText(render({ id: 7 }, { kind: 'network', message: 'x' }, 'fr'));
    expect(french).toContain('Le service est injoignable : rien n’a été recherché.');
    expect(french).toContain('Réessayer');
  });
});
