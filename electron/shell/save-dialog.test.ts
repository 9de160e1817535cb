import { describe, expect, it, vi } from 'vitest';
import { currentFakeElectron } from './testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).currentFakeElectron().module);

const { saveDialog } = await import('./save-dialog.ts');

describe('the export save dialog', () => {
  const fake = currentFakeElectron();
  fake.app.setPath('documents', '/home/staff/Documents');
  const parent = { id: 'main window' };

  it('starts in Documents with the suggested name and the right file type, modal to the window', async () => {
    fake.saveAnswers.push({ canceled: false, filePath: '/home/staff/Documents/history.csv' });
    const choose = saveDialog(() => parent as never);
    expect(await choose({ defaultName: 'history.csv', kind: 'csv' })).toBe('/home/staff/Documents/history.csv');
    expect(fake.saveDialogs.at(-1)).toEqual({
      parent,
      options: { defaultPath: '/home/staff/Documents/history.csv', filters: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }] },
    });
  });

  it('answers null when the person cancels', async () => {
    const choose = saveDialog(() => parent as never);
    expect(await choose({ defaultName: 'report.pdf', kind: 'pdf' })).toBeNull();
    expect(fake.saveDialogs.at(-1)?.options.filters).toEqual([{ name: 'PDF document', extensions: ['pdf'] }]);
  });
});
