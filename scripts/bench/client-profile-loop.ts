import { createProcessingClient } from '../../electron/platform/api/client.ts';

/**
 * The client's side of client-profile.ts, in a process of its own so that its CPU profile holds the
 * client alone: `node --cpu-prof client-profile-loop.ts <baseUrl> <key> <secret> <id> <lookups>`
 * against a sandbox the parent runs.
 */
const [baseUrl = '', apiKey = '', secret = '', id = '', count = ''] = process.argv.slice(2);
const client = createProcessingClient({ baseUrl, apiKey, secret });
for (let i = 0; i < Number(count); i += 1) await client.lookupTransaction({ id: Number(id) });
