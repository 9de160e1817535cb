// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueOf } from '../../../shared/i18n/index.ts';
import { CountryPicker, listPlacement } from './CountryPicker.tsx';

/** The picker's field words its error in the window's language (FieldFrame): English here. */
const English = ({ children }: { children: ReactNode }) => createElement(IntlProvider, { locale: 'en', messages: catalogueOf('en') }, children);

/** The picker in a form of its own, holding the chosen code as the sender section's Controller does. */
function Picker() {
  const [code, setCode] = useState('');
  return createElement(
    IntlProvider,
    { locale: 'en', messages: catalogueOf('en') },
    createElement(CountryPicker, { label: 'Country of registration', value: code, onChange: setCode, onBlur: () => {} }),
    createElement('output', { 'data-testid': 'chosen' }, code),
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Country of registration' });
const chosen = () => screen.getByTestId('chosen').textContent;
const selectedOption = () => screen.getAllByRole('option').filter((option) => option.getAttribute('aria-selected') === 'true').map((option) => option.textContent);
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id === null ? null : document.getElementById(id)?.textContent;
};

afterEach(cleanup);

describe('the country picker (WAI-ARIA combobox, list autocomplete with automatic selection)', () => {
  it('ger, Down, Enter picks Germany: typing selects the best match, Down moves into the list at it', () => {
    render(createElement(Picker), { wrapper: English });
    fireEvent.change(combobox(), { target: { value: 'ger' } });
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['DEU Germany', 'DZA Algeria', 'NER Niger', 'NGA Nigeria']);
    // The best match is selected as typed; the focus stays in the input until Down.
    expect(selectedOption()).toEqual(['DEU Germany']);
    expect(combobox().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    expect(activeOption()).toBe('DEU Germany');
    expect(selectedOption()).toEqual(['DEU Germany']);
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(chosen()).toBe('DEU');
    expect((combobox() as HTMLInputElement).value).toBe('Germany (DEU)');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('germ, Enter picks the selected best match without submitting', () => {
    render(createElement(Picker), { wrapper: English });
    fireEvent.change(combobox(), { target: { value: 'germ' } });
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(chosen()).toBe('DEU');
  });

  it('moves within the matches only, Up into the list at the last, and round', () => {
    render(createElement(Picker), { wrapper: English });
    fireEvent.change(combobox(), { target: { value: 'ger' } });
    fireEvent.keyDown(combobox(), { key: 'ArrowUp' });
    expect(activeOption()).toBe('NGA Nigeria');
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    expect(activeOption()).toBe('DEU Germany');
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    expect(activeOption()).toBe('DZA Algeria');
    // Typing more starts over: the best match selected, the focus back in the input until Down.
    fireEvent.change(combobox(), { target: { value: 'germ' } });
    expect(combobox().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    expect(activeOption()).toBe('DEU Germany');
  });

  it('Enter on the opened list with nothing selected closes it and picks nothing', () => {
    render(createElement(Picker), { wrapper: English });
    fireEvent.click(combobox());
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(chosen()).toBe('');
  });
});

describe('where the list opens', () => {
  it('below the input when it fits there', () => {
    expect(listPlacement({ top: 100, bottom: 136 }, 800)).toEqual({ side: 'below', maxHeight: 260 });
  });

  it('above the input near the window bottom, as tall as the room there allows', () => {
    expect(listPlacement({ top: 700, bottom: 736 }, 800)).toEqual({ side: 'above', maxHeight: 260 });
    expect(listPlacement({ top: 200, bottom: 236 }, 400)).toEqual({ side: 'above', maxHeight: 192 });
  });

  it('is placed above by the picker when its input sits near the window bottom', () => {
    const innerHeight = window.innerHeight;
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    const box = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = () => ({ top: 740, bottom: 776, left: 0, right: 200, width: 200, height: 36, x: 0, y: 740, toJSON: () => ({}) });
    try {
      render(createElement(Picker), { wrapper: English });
      fireEvent.change(combobox(), { target: { value: 'ger' } });
      const list = screen.getByRole('listbox');
      expect(list.dataset['side']).toBe('above');
      expect(list.style.bottom).not.toBe('');
      expect(list.style.top).toBe('');
    } finally {
      HTMLElement.prototype.getBoundingClientRect = box;
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: innerHeight });
    }
  });
});
