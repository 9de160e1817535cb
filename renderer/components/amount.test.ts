// @vitest-environment jsdom
import { createElement } from 'react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { catalogueOf } from '../../shared/i18n/index.ts';
import type { Language } from '../../shared/i18n/index.ts';
import { Amount } from './Amount.tsx';
import { useLocale } from './locale.ts';


/** `element` as the window draws it (the store's formats are read by a client render, not a server one), in `language`'s words. */
function drawnIn(element: ReactElement, language: Language = 'en'): HTMLElement {
  cleanup();
  return render(createElement(IntlProvider, { locale: language, messages: catalogueOf(language) }, element)).container;
}

const english = useLocale.getState().view;
afterEach(() => {
  useLocale.setState({ view: english });
  cleanup();
});

const drawn = (props: Parameters<typeof Amount>[0], formatLocale = 'en-US', language: 'en' | 'de' | 'fr' = 'en') => {
  useLocale.setState({ view: { ...english, formatLocale } });
  return drawnIn(createElement(Amount, props), language).innerHTML;
};
const text = (html: string) => html.replace(/<[^>]*>/g, '');
const shown = (props: Parameters<typeof Amount>[0], formatLocale = 'en-US') => text(drawn(props, formatLocale));

describe('an amount', () => {
  it('is written in the window’s regional formats, at its currency’s places', () => {
    expect(shown({ value: '1234.5', currency: 'EUR' })).toBe('1,234.50 EUR');
    expect(shown({ value: '1234.5', currency: 'EUR' }, 'de-DE')).toBe('1.234,50 EUR');
    expect(shown({ value: '1234.5', currency: 'EUR' }, 'fr-FR')).toBe('1\u202f234,50 EUR');
    expect(shown({ value: '0.1', places: 8 }, 'de-DE')).toBe('0,10000000');
  });

  it('never rounds or cuts a digit, however many it was sent with, nor goes through a float', () => {
    expect(shown({ value: '231.94279333', currency: 'EUR' }, 'de-DE')).toBe('231,94279333 EUR');
    expect(shown({ value: '12345678901234567890.123456789012', currency: 'BTC' }, 'de-DE')).toBe('12.345.678.901.234.567.890,123456789012 BTC');
    // Without places every decimal sent is kept, trailing zeros included.
    expect(shown({ value: '1.50' }, 'de-DE')).toBe('1,50');
  });

  it('keeps the text as sent, and says it where the places changed how it is written', () => {
    const html = drawn({ value: '5', currency: 'EUR' }, 'de-DE', 'de');
    expect(html).toContain('data-exact="5"');
    expect(html).toContain('title="Gesendet als 5"');
    expect(drawn({ value: '5.00', currency: 'EUR' })).not.toContain('title=');
  });

  it('shows text that is not an amount as received, flagged in the window’s language', () => {
    const html = drawn({ value: '12,5', currency: 'EUR' }, 'de-DE', 'de');
    expect(text(html)).toBe('12,5 (sieht falsch aus)');
    expect(text(drawn({ value: null }, 'fr-FR', 'fr'))).toBe('aucun');
    expect(shown({ value: '' })).toBe('none');
  });
});
