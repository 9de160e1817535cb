// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHeldWhilePressed } from './use-held-while-pressed.ts';

function Shown({ error }: { error: string }) {
  return createElement('p', { 'data-testid': 'shown' }, useHeldWhilePressed(error));
}

const shown = () => screen.getByTestId('shown').textContent;
/** The release lets go a task later, after the click that follows it. */
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(cleanup);

describe('a value held while a pointer button is down', () => {
  it('follows its source without a press', () => {
    const { rerender } = render(createElement(Shown, { error: '' }));
    rerender(createElement(Shown, { error: 'Enter a title' }));
    expect(shown()).toBe('Enter a title');
  });

  it('keeps what it was at the press until the click is over, then shows the latest', async () => {
    const { rerender } = render(createElement(Shown, { error: '' }));
    fireEvent.pointerDown(document.body);
    rerender(createElement(Shown, { error: 'Type a currency code' }));
    expect(shown()).toBe('');
    fireEvent.pointerUp(document.body);
    expect(shown()).toBe('');
    await nextTask();
    expect(shown()).toBe('Type a currency code');
  });

  it('is let go at once when the release cannot reach the page (the window is left)', () => {
    const { rerender } = render(createElement(Shown, { error: '' }));
    fireEvent.pointerDown(document.body);
    rerender(createElement(Shown, { error: 'Enter a title' }));
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    expect(shown()).toBe('Enter a title');
  });

  it('a release of an earlier press does not end a newer one', async () => {
    const { rerender } = render(createElement(Shown, { error: '' }));
    fireEvent.pointerDown(document.body);
    fireEvent.pointerUp(document.body);
    fireEvent.pointerDown(document.body);
    rerender(createElement(Shown, { error: 'Enter a title' }));
    await nextTask();
    expect(shown()).toBe('');
    fireEvent.pointerUp(document.body);
    await nextTask();
    expect(shown()).toBe('Enter a title');
  });
});
