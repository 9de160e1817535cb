import { describe, expect, expectTypeOf, it } from 'vitest';
import { inEnglish, inLanguage } from '../i18n/testing/in-english.ts';
import { BRIDGE_GLOBAL as CONTRACT_BRIDGE_GLOBAL, contract, isChannel as contractIsChannel } from './contract.ts';
import type { Channel } from './contract.ts';
import { BRIDGE_GLOBAL, CHANNEL_NAMES, isChannel, unknownChannel } from './channels.ts';
import type { ChannelName } from './channels.ts';
import { appError } from './errors.ts';
import type { AppError } from './errors.ts';

// The preload knows the channels only through CHANNEL_NAMES; main and the renderer know them through
// the contract. These checks keep the two one list (contract.ts's `satisfies` also fails to compile).

describe('the bare channel list', () => {
  it('is, as a type, exactly the contract channels (tsc fails on a name in one and not the other)', () => {
    expectTypeOf<ChannelName>().toEqualTypeOf<Channel>();
  });

  it('names every contract channel, and only those, each once', () => {
    const contractChannels = Object.keys(contract);
    expect(contractChannels.filter((name) => !CHANNEL_NAMES.includes(name as ChannelName)), 'in the contract, missing from channels.ts').toEqual([]);
    expect(CHANNEL_NAMES.filter((name) => !contractChannels.includes(name)), 'in channels.ts, missing from the contract').toEqual([]);
    expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length);
  });

  it('admits each listed channel and nothing else, not even names every object has', () => {
    for (const name of CHANNEL_NAMES) expect(isChannel(name), name).toBe(true);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'app.info ', 'APP.INFO', 'shell.openExternal', '', 42, null, undefined, {}, ['app.info']]) {
      expect(isChannel(name), String(name)).toBe(false);
    }
  });

  it('is what the contract module exports too, so main and the preload agree on the bridge and the check', () => {
    expect(CONTRACT_BRIDGE_GLOBAL).toBe(BRIDGE_GLOBAL);
    expect(contractIsChannel).toBe(isChannel);
  });

  it('refuses any other name in one set of words, the preload’s and the router’s: a typed AppError naming it, cut to 100 characters', () => {
    expectTypeOf(unknownChannel('shell.exec')).toExtend<AppError>();
    expect(unknownChannel('shell.exec')).toEqual({ kind: 'unknown_channel', message: expect.any(String), channel: 'shell.exec' });
    // The window's words: the catalogue's id, worded where the error is shown, in its language.
    expect(inEnglish(unknownChannel('shell.exec').message)).toBe('The app does not offer that operation.');
    expect(inLanguage('de', unknownChannel('shell.exec').message)).toBe('Diesen Vorgang bietet die App nicht an.');
    expect(inLanguage('fr', unknownChannel('shell.exec').message)).toBe('L’application ne propose pas cette opération.');
    expect(appError.safeParse(unknownChannel('x'.repeat(150)))).toMatchObject({ success: true, data: { channel: 'x'.repeat(100) } });
    expect(unknownChannel(42).channel).toBe('number');
  });
});
