import { describe, expect, it, vi } from 'vitest';
import { sayerFor } from '../../shared/i18n/index.ts';
import { currentFakeElectron } from './testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { nativeConfirm } = await import('./confirm-dialog.ts');

const request = { title: 'Place exchange', message: 'Exchange 0.01 BTC for 512.30 EUR?', detail: 'At 51230.00 on Live EU.', confirmLabel: 'Place exchange' };

describe('the native confirmation', () => {
  it('is modal to the window, defaults to Cancel, and says yes only for the named button', async () => {
    const fake = currentFakeElectron();
    const parent = { id: 'window' };
    const ask = nativeConfirm(() => parent as never, () => sayerFor('en'));
    fake.messageBoxAnswers.push(1, 0);
    expect(await ask(request)).toBe(true);
    expect(await ask(request)).toBe(false);
    expect(fake.messageBoxes[0]).toEqual({
      parent,
      options: expect.objectContaining({ buttons: ['Cancel', 'Place exchange'], defaultId: 0, cancelId: 0, message: request.message, detail: request.detail }),
    });
  });

  it('without a window it still asks, unparented', async () => {
    const fake = currentFakeElectron();
    fake.messageBoxAnswers.push(1);
    expect(await nativeConfirm(() => null, () => sayerFor('en'))(request)).toBe(true);
    expect(fake.messageBoxes.at(-1)?.parent).toBeNull();
  });

  it('says Cancel in the window’s language at the moment it asks', async () => {
    const fake = currentFakeElectron();
    let language: 'de' | 'fr' = 'de';
    const ask = nativeConfirm(() => null, () => sayerFor(language));
    fake.messageBoxAnswers.push(0, 0);
    await ask(request);
    language = 'fr';
    await ask(request);
    expect(fake.messageBoxes.slice(-2).map((box) => (box.options as { buttons: string[] }).buttons[0])).toEqual(['Abbrechen', 'Annuler']);
  });
});
