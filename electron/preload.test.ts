import { describe, expect, it, vi } from 'vitest';
import { inEnglish, inLanguage } from '../shared/i18n/testing/in-english.ts';
import { BRIDGE_GLOBAL } from '../shared/ipc/channels.ts';
import { currentFakeElectron } from './shell/testing/fake-electron.ts';

vi.mock('electron', async () => (await import('./shell/testing/fake-electron.ts')).currentFakeElectron().module);

await import('./preload.ts');

type Exposed = { invoke(channel: unknown, payload: unknown): Promise<unknown> };

describe('preload', () => {
  const fake = currentFakeElectron();
  const api = fake.exposed.get(BRIDGE_GLOBAL) as Exposed;

  it('exposes one frozen object with invoke only, under the contract name', () => {
    expect([...fake.exposed.keys()]).toEqual([BRIDGE_GLOBAL]);
    expect(Object.keys(api)).toEqual(['invoke']);
    expect(Object.isFrozen(api)).toBe(true);
    expect(JSON.stringify(Object.values(api).map((v) => typeof v))).toBe('["function"]');
  });

  it('forwards a contract channel through ipcRenderer.invoke', async () => {
    expect(await api.invoke('app.info', {})).toEqual({ ok: true, value: { echoed: 'app.info' } });
    expect(fake.invoked).toEqual([['app.info', {}]]);
  });

  it('refuses a channel outside the contract without sending it', async () => {
    fake.invoked.length = 0;
    for (const channel of ['shell.openExternal', '__proto__', 'constructor', 42, null]) {
      expect(await api.invoke(channel, {})).toMatchObject({ ok: false, error: { kind: 'unknown_channel' } });
    }
    expect(fake.invoked).toEqual([]);
  });

  it('answers a call Electron rejects (a payload it cannot copy) with a refusal the window words in its language', async () => {
    const ipc = fake.module.ipcRenderer;
    const forward = ipc.invoke;
    ipc.invoke = async () => {
      throw new Error('An object could not be cloned.');
    };
    try {
      const answer = (await api.invoke('app.info', { copy: () => {} })) as { ok: false; error: { kind: string; message: string } };
      expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: {} } });
      expect(inEnglish(answer.error.message)).toBe('The request could not be sent to the app.');
      expect(inLanguage('de', answer.error.message)).toBe('Die Anfrage konnte nicht an die App gesendet werden.');
      expect(inLanguage('fr', answer.error.message)).toBe('La demande n’a pas pu être envoyée à l’application.');
    } finally {
      ipc.invoke = forward;
    }
  });
});
