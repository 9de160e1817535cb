// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IdentityView } from '../../../shared/ipc/identity.ts';
import { renderScreen, standInForMain } from '../../testing/screen-with-bridge.ts';
import { FirstRunName } from './FirstRunName.tsx';
import { IdentityPanel } from './IdentityPanel.tsx';

// Component tests .ts, not .tsx: vitest.config.ts includes renderer/**/*.test.ts only.

/** Main as it answers identity.get and identity.set: the name set once, the view as it is after. */
function mainWithIdentity(start: IdentityView) {
  let view = start;
  return standInForMain((channel, payload) => {
    if (channel === 'identity.set') {
      view = { displayName: (payload as { displayName: string }).displayName.trim(), computer: view.computer };
      return { value: view };
    }
    return { value: view };
  });
}

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

const nameField = (within_: HTMLElement) => within(within_).getByLabelText('Your name') as HTMLInputElement;

describe('the first start asks for the name in the journal', () => {
  it('opens a dialog that says why, before anything is recorded; the name is asked back before it is set', async () => {
    const main = mainWithIdentity({ displayName: null, computer: 'FINANCE-01', askAtStart: true });
    renderScreen(createElement(FirstRunName));
    const dialog = await screen.findByRole('dialog', { name: 'Your name in the journal' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.textContent).toMatch(/recorded in this computer's journal with your name and the computer's \(FINANCE-01\)/);
    expect(dialog.textContent).toMatch(/It is set once and cannot be changed/);

    fireEvent.change(nameField(dialog), { target: { value: ' Ana Ruiz ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set my name…' }));
    // Asked back, nothing sent yet; the safe answer has the focus.
    const question = await within(dialog).findByRole('group', { name: /Set your name in the journal to “Ana Ruiz”\?/ });
    expect(question.textContent).toMatch(/cannot be changed afterwards/);
    expect(main.sentOn('identity.set')).toEqual([]);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Change it' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, set “Ana Ruiz”' }));
    await waitFor(() => expect(main.sentOn('identity.set')).toEqual([{ displayName: 'Ana Ruiz' }]));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
  });

  it('Change it goes back to the field, and sends nothing', async () => {
    const main = mainWithIdentity({ displayName: null, computer: 'FINANCE-01', askAtStart: true });
    renderScreen(createElement(FirstRunName));
    const dialog = await screen.findByRole('dialog', { name: 'Your name in the journal' });
    fireEvent.change(nameField(dialog), { target: { value: 'Ana Ruis' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set my name…' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Change it' }));
    await waitFor(() => expect(nameField(dialog).value).toBe('Ana Ruis'));
    expect(main.sentOn('identity.set')).toEqual([]);
  });

  it('may be left for later (Not now): the dialog closes and nothing is set', async () => {
    const main = mainWithIdentity({ displayName: null, computer: 'FINANCE-01', askAtStart: true });
    renderScreen(createElement(FirstRunName));
    const dialog = await screen.findByRole('dialog', { name: 'Your name in the journal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(main.sentOn('identity.set')).toEqual([]);
  });

  it('is not opened on a later start, nor once the name is set', async () => {
    for (const view of [{ displayName: null, computer: 'FINANCE-01' }, { displayName: 'Ana Ruiz', computer: 'FINANCE-01' }]) {
      const main = mainWithIdentity(view);
      const { container } = renderScreen(createElement(FirstRunName));
      await waitFor(() => expect(main.sentOn('identity.get')).toHaveLength(1));
      expect(container.querySelector('dialog')?.hasAttribute('open')).toBe(false);
      cleanup();
    }
  });
});

describe('setting the name on the Profiles screen', () => {
  it('is as deliberate: the name is asked back before it is sent', async () => {
    const main = mainWithIdentity({ displayName: null, computer: 'FINANCE-01' });
    renderScreen(createElement(IdentityPanel));
    const form = await screen.findByRole('form', { name: 'Your name in the journal' });
    fireEvent.change(nameField(form), { target: { value: 'Ana Ruiz' } });
    fireEvent.submit(form);
    await screen.findByRole('group', { name: /Set your name in the journal to “Ana Ruiz”\?/ });
    expect(main.sentOn('identity.set')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, set “Ana Ruiz”' }));
    await waitFor(() => expect(screen.getByTestId('identity').textContent).toBe('Your name in the journal: Ana Ruiz on FINANCE-01'));
    expect(main.sentOn('identity.set')).toEqual([{ displayName: 'Ana Ruiz' }]);
  });
});
