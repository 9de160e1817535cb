import { afterEach, describe, expect, it } from 'vitest';
import { inEnglish } from '../shared/i18n/testing/in-english.ts';
import { AppFailure, appErrorOf, bridgeAvailable, fieldErrorsOf, invoke } from './bridge.ts';

/** The bridge runs in the page; here `window` is a plain object holding what the preload would expose. */
const page = globalThis as unknown as { window?: { merchantConsole?: unknown } };

function exposeApi(invokeImpl: (channel: string, payload: unknown) => Promise<unknown>) {
  page.window = { merchantConsole: { invoke: invokeImpl } };
}

afterEach(() => {
  delete page.window;
});

describe('the bridge', () => {
  it('unwraps a successful envelope', async () => {
    exposeApi(async (channel, payload) => ({ ok: true, value: { channel, payload } }));
    await expect(invoke('profiles.list', {})).resolves.toEqual({ channel: 'profiles.list', payload: {} });
  });

  it('throws the typed AppError of a failed envelope, fields included', async () => {
    const error = { kind: 'validation', message: 'Some fields are not valid.', fields: { baseUrl: 'Bad address' } };
    exposeApi(async () => ({ ok: false, error }));
    const thrown = await invoke('profiles.list', {}).catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(AppFailure);
    expect(appErrorOf(thrown)).toEqual(error);
    expect(fieldErrorsOf(appErrorOf(thrown))).toEqual({ baseUrl: 'Bad address' });
  });

  it('says plainly when there is no preload, instead of crashing', async () => {
    page.window = {};
    expect(bridgeAvailable()).toBe(false);
    const thrown = await invoke('profiles.list', {}).catch((caught: unknown) => caught);
    expect(appErrorOf(thrown)).toMatchObject({ kind: 'configuration' });
    expect(inEnglish(appErrorOf(thrown).message)).toBe('The console cannot reach its main process. Start it as the Merchant Console app, not in a browser.');
  });

  it('turns a rejected call or an unreadable answer into an internal error without details', async () => {
    exposeApi(async () => {
      throw new Error('Error invoking remote method: secret stack');
    });
    const rejected = appErrorOf(await invoke('profiles.list', {}).catch((e: unknown) => e));
    expect(rejected).toEqual({ kind: 'internal', message: expect.any(String) });
    expect(inEnglish(rejected.message)).toBe('The main process did not answer. Try again.');
    exposeApi(async () => 'not an envelope');
    const unreadable = appErrorOf(await invoke('profiles.list', {}).catch((e: unknown) => e));
    expect(unreadable.kind).toBe('internal');
    expect(inEnglish(unreadable.message)).toBe('The main process sent an answer this screen cannot read.');
    expect(appErrorOf(new TypeError('boom'))).toEqual({ kind: 'internal', message: expect.any(String) });
    expect(inEnglish(appErrorOf(new TypeError('boom')).message)).toBe('Something went wrong. Try again.');
  });
});
