import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Countdown } from './Countdown.tsx';

const drawn = (secondsFromNow: number, urgentWithin?: number) =>
  renderToStaticMarkup(createElement(Countdown, { untilMs: Date.now() + secondsFromNow * 1000 - 100, label: 'Time left', urgentWithin }));
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

  it('says the end in its own words', () => {
    expect(words(renderToStaticMarkup(createElement(Countdown, { untilMs: Date.now() - 1000, label: 'Time left', expired: 'released', urgentWithin: 10 })))).toBe('released');
  });
});
