import { createProcessingClient } from '../../electron/platform/api/client.ts';
import { rawLookup } from './raw-lookup.ts';

/**
 * The client's side of client-profile.ts, in a process of its own so that its CPU profile holds the
 * client alone: `node --cpu-prof client-profile-loop.ts <console|raw> <baseUrl> <key> <secret> <id> <lookups>`
 * against a sandbox the parent runs; `raw` loops the bench's hand-written node:http lookup instead.
 */
const [which = '', baseUrl = '', apiKey = '', secret = '', id = '', count = ''] = process.argv.slice(2);
const client = createProcessingClient({ baseUrl, apiKey, secret });
const origin = new URL(baseUrl).origin;
const lookUp = which === 'raw' ? () => rawLookup(origin, { key: apiKey, secret }, Number(id)) : () => client.lookupTransaction({ id: Number(id) });
for (let i = 0; i < Number(count); i += 1) await lookUp();
