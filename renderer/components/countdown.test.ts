import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/i18n/index.ts';
import { staticMarkup } from '../testing/static-markup.ts';
import { Countdown } from './Countdown.tsx';

const drawn = (secondsFromNow: number, urgentWithin?: number, language: Language = 'en') =>
  staticMarkup(createElement(Countdown, { untilMs: Date.now() + secondsFromNow * 1000 - 100, label: 'Time left', urgentWithin }), undefined, language);
const words = (html: string) => html.replace(/<[^>]*>/g, '');

describe('a countdown', () => {
  it('says its last seconds are urgent in words and marks them, not by colour alone', () => {
    const html = drawn(7, 10);
    expect(words(html)).toBe('only 0:07 left');
    expect(html).toContain('countdown-urgent');
    expect(html).toContain('data-urgent="true"');
  });

  it('is calm before them, and without a deadline to act by', () => {
    expect(words(drawn(42, 10))).toBe('0:42 left');
    expect(drawn(42, 10)).not.toContain('countdown-urgent');
    expect(words(drawn(7))).toBe('0:07 left');
  });

  it('says the end in its own words, or "expired"', () => {
    expect(words(staticMarkup(createElement(Countdown, { untilMs: Date.now() - 1000, label: 'Time left', expired: 'released', urgentWithin: 10 })))).toBe('released');
    expect(words(drawn(-1))).toBe('expired');
  });

  it('speaks the window’s language', () => {
    expect(words(drawn(7, 10, 'de'))).toBe('nur noch 0:07');
    expect(words(drawn(42, 10, 'fr'))).toBe('encore 0:42');
    expect(words(drawn(-1, 10, 'de'))).toBe('abgelaufen');
  });
});
