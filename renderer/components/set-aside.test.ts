import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { describeUnreadable } from '../../shared/api/wire.ts';
import type { UnreadableElement } from '../../shared/api/wire.ts';
import { ruleMessage, wordsFor } from '../../shared/i18n/index.ts';
import { readableText, staticMarkup } from '../testing/static-markup.ts';
import { setAsideCount } from './set-aside.ts';
import { MAX_LISTED, SetAsideList } from './SetAsideList.tsx';

const noun = { one: 'fee', many: 'fees' };
const element = (index: number, overrides: Partial<UnreadableElement> = {}): UnreadableElement => ({
  index,
  field: 'amount',
  value: '1,5',
  message: ruleMessage('rules.wire.notDecimal'),
  ...overrides,
});
const english = wordsFor('en');

describe('an element set aside, in words', () => {
  it('names its place in the answer, the field and the value as received', () => {
    expect(describeUnreadable(english, element(0))).toBe('#1 unreadable: amount = 1,5 (is not a decimal amount)');
    expect(describeUnreadable(english, element(4, { field: 'currency_to.currency', value: null, message: ruleMessage('rules.wire.missing') }))).toBe(
      '#5 unreadable: currency_to.currency is missing',
    );
    expect(describeUnreadable(english, element(2, { field: '', value: 'null', message: 'expected object, received null' }))).toBe(
      '#3 unreadable: the whole element = null (expected object, received null)',
    );
    expect(describeUnreadable(english, element(0, { value: '' }))).toBe('#1 unreadable: amount = (empty text) (is not a decimal amount)');
  });

  it('is said in the window’s language, the field and the value as received', () => {
    const either = ruleMessage('rules.wire.expected', { types: ruleMessage('rules.wire.or', { first: 'string', second: 'number' }) });
    expect(describeUnreadable(wordsFor('de'), element(2, { field: 'rate_to' }))).toBe('Nr. 3 nicht lesbar: rate_to = 1,5 (ist kein Dezimalbetrag)');
    expect(describeUnreadable(wordsFor('de'), element(0, { field: '', value: '' }))).toBe('Nr. 1 nicht lesbar: das ganze Element = (leerer Text) (ist kein Dezimalbetrag)');
    expect(describeUnreadable(wordsFor('de'), element(4, { value: null }))).toBe('Nr. 5 nicht lesbar: amount fehlt');
    expect(describeUnreadable(wordsFor('fr'), element(2, { value: 'true', message: either }))).toBe('n° 3 illisible : amount = true (attendu : string ou number)');
    expect(describeUnreadable(wordsFor('fr'), element(0, { field: '', value: null }))).toBe('n° 1 illisible : l’élément entier manquant');
    // An older record's plain words, or zod's own, show as they are.
    expect(describeUnreadable(wordsFor('de'), element(0, { message: 'is not a decimal amount' }))).toBe('Nr. 1 nicht lesbar: amount = 1,5 (is not a decimal amount)');
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

  it('says each one in the window’s language', () => {
    const text = readableText(staticMarkup(createElement(SetAsideList, { unreadable: [element(2, { field: 'rate_to' })], noun }), undefined, 'de'));
    expect(text).toContain('Nr. 3 nicht lesbar: rate_to = 1,5 (ist kein Dezimalbetrag)');
  });

  it('shows a value as text, markup and all, never as markup', () => {
    const html = staticMarkup(createElement(SetAsideList, { unreadable: [element(0, { value: '<img src=x onerror=alert(1)>' })], noun }));
    expect(html).not.toContain('<img');
    expect(readableText(html)).toContain('amount = <img src=x onerror=alert(1)>');
  });
});
