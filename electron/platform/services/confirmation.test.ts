import { describe, expect, it, vi } from 'vitest';
import { failureOf } from '../api/test-fixtures.ts';
import { confirmIfLive, nobodyToAsk } from './confirmation.ts';

const request = { title: 'Remove profile', message: 'Remove "Live EU"?', detail: ['Its key and secret leave the keychain.', 'The journal keeps its history.'], confirmLabel: 'Remove' };

describe('confirmation of live actions', () => {
  it('asks a person on a live profile and goes on after a yes', async () => {
    const ask = vi.fn(async () => true);
    await expect(confirmIfLive(ask, 'live', request)).resolves.toBeUndefined();
    expect(ask).toHaveBeenCalledWith({ ...request, detail: 'Its key and secret leave the keychain.\nThe journal keeps its history.' });
  });

  it('refuses with not_confirmed after a no, a failed dialog, or where nobody can be asked', async () => {
    for (const ask of [async () => false, async () => Promise.reject(new Error('no window')), nobodyToAsk]) {
      const failure = await failureOf(confirmIfLive(ask, 'live', request));
      expect(failure).toEqual({ kind: 'not_confirmed', message: expect.stringMatching(/^Remove profile: nothing was done/) });
    }
  });

  it('does not ask on sandbox profiles, which move no real money', async () => {
    const ask = vi.fn(async () => false);
    await confirmIfLive(ask, 'sandbox', request);
    await confirmIfLive(ask, 'local-sandbox', request);
    expect(ask).not.toHaveBeenCalled();
  });
});
