import type { Channel, RequestOf, ResponseOf } from './contract.ts';
import type { Envelope } from './errors.ts';

/**
 * What the preload exposes in the renderer's main world, under BRIDGE_GLOBAL: one `invoke` of a
 * contract channel, answering an Envelope. The preload implements it and the renderer's bridge
 * calls it, both from this one declaration. Types only: the preload bundles none of this file.
 */
export type BridgeApi = {
  invoke<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>>;
};
