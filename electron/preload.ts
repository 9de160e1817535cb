import { contextBridge, ipcRenderer } from 'electron';
// Only the bare channel list and the rule mark at run time: the contract, its schemas (zod) and the
// catalogues are types here, erased from the bundle, which is why the preload stays a few kB
// (scripts/build/preload-bundle.test.ts).
import { ruleMessage } from '../shared/i18n/rule-mark.ts';
import type { BridgeApi } from '../shared/ipc/bridge.ts';
import { BRIDGE_GLOBAL, isChannel, unknownChannel } from '../shared/ipc/channels.ts';
import type { Envelope } from '../shared/ipc/errors.ts';

/**
 * The renderer's only way out: invoke a contract channel (BridgeApi). No ipcRenderer, no events, no
 * Node (Bitwarden's narrow preload). Main validates everything again; this refusal only fails fast.
 */
async function invoke(channel: unknown, payload: unknown): Promise<Envelope<unknown>> {
  if (!isChannel(channel)) return { ok: false, error: unknownChannel(channel) };
  try {
    return (await ipcRenderer.invoke(channel, payload)) as Envelope<unknown>;
  } catch {
    // Electron rejects, for instance, a payload that cannot be copied across processes. The message is
    // the catalogue's id, worded by the window where it shows the error (shared/i18n/rule-message.ts).
    return { ok: false, error: { kind: 'invalid_request', message: ruleMessage('app.bridge.notSent'), fields: {} } };
  }
}

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, Object.freeze({ invoke }) as BridgeApi);
