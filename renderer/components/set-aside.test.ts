import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { describeUnreadable } from '../../shared/api/wire.ts';
import type { UnreadableElement } from '../../shared/api/wire.ts';
import { readableText, staticMarkup } from '../testing/static-markup.ts';
import { setAsideCount } from './set-aside.ts';
import { MAX_LISTED, SetAsideList } from './SetAsideList.tsx';

const noun = { one: 'fee', many: 'fees' };
const element = (index: number, overrides: Partial<UnreadableElement> = {}): UnreadableElement => ({
  index,
  field: 'amount',
  value: '1,5',
  message: 'is not a decimal amount',
  ...overrides,
});

describe('an element set aside, in words', () => {
  it('names its place in the answer, the field and the value as received', () => {
    expect(describeUnreadable(element(0))).toBe('#1 unreadable: amount = 1,5 (is not a decimal amount)');
    expect(describeUnreadable(element(4, { field: 'currency_to.currency', value: null, message: 'is missing' }))).toBe('#5 unreadable: currency_to.currency is missing');
    expect(describeUnreadable(element(2, { field: '', value: 'null', message: 'expected object, received null' }))).toBe(
      '#3 unreadable: the whole element = null (expected object, received null)',
    );
    expect(describeUnreadable(element(0, { value: '' }))).toBe('#1 unreadable: amount = (empty text) (is not a decimal amount)');
  });

  it('counts them', () => {
    expect(setAsideCount(1, noun)).toBe('1 fee set aside');
    expect(setAsideCount(3, noun)).toBe('3 fees set aside');
  });
});

describe('the list of elements set aside', () => {
  it('shows nothing when none were', () => {
    expect(staticMarkup(createElement(SetAsideList, { unreadable: [], noun }))).toBe('');
  });

  it('shows the count and each one; a flood of them is cut, and the rest counted', () => {
    const many = Array.from({ length: MAX_LISTED + 7 }, (_, index) => element(index));
    const text = readableText(staticMarkup(createElement(SetAsideList, { unreadable: many, noun }, 'Explained.')));
    expect(text).toContain(`${MAX_LISTED + 7} fees set aside: the console could not read them. Explained.`);
    expect(text).toContain(`#${MAX_LISTED} unreadable: amount = 1,5`);
    expect(text).not.toContain(`#${MAX_LISTED + 1} unreadable`);
    expect(text).toContain('and 7 more');
  });

  it('shows a value as text, markup and all, never as markup', () => {
    const html = staticMarkup(createElement(SetAsideList, { unreadable: [element(0, { value: '<img src=x onerror=alert(1)>' })], noun }));
    expect(html).not.toContain('<img');
    expect(readableText(html)).toContain('amount = <img src=x onerror=alert(1)>');
  });
});
