import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSandbox } from '../../electron/sandbox/index.ts';

/**
 * Where the client's time goes: a loop of signed transactions/info lookups under `node --cpu-prof`,
 * in a process of its own (client-profile-loop.ts) while this one runs the sandbox, so that the
 * profile holds the client and not the server. Summarised by self time: the top functions, and the
 * shares of our modules, dependencies, Node's internals and V8 itself.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const MERCHANT = { key: 'bench-key', secret: 'bench-secret' };

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type ProfileGroup = 'our modules' | 'dependencies' | 'Node internals' | 'V8 (built-ins, GC, compiler)' | 'idle (waiting for the answer)';
export type ProfiledFunction = { name: string; where: string; group: ProfileGroup; microsPerLookup: number };
export type ClientProfile = {
  lookups: number;
  /** Microseconds per lookup, by group. */
  groups: Array<{ group: ProfileGroup; microsPerLookup: number }>;
  top: ProfiledFunction[];
};

function groupOf(frame: CallFrame): ProfileGroup {
  if (frame.functionName === '(idle)') return 'idle (waiting for the answer)';
  if (frame.url.startsWith('node:')) return 'Node internals';
  if (frame.url.includes('/node_modules/')) return 'dependencies';
  if (frame.url.startsWith('file:')) return 'our modules';
  return 'V8 (built-ins, GC, compiler)';
}

function whereOf(frame: CallFrame): string {
  if (frame.url === '') return '';
  const path = frame.url.startsWith('file:') ? relative(ROOT, fileURLToPath(frame.url)) : frame.url;
  return `${path.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`;
}

/** Self time per node: each sample's node holds the time until the next sample. */
export function summariseProfile(profile: CpuProfile, lookups: number, topCount = 15): ClientProfile {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  for (let i = 0; i < profile.samples.length - 1; i += 1) {
    const id = profile.samples[i] as number;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const functions = new Map<string, ProfiledFunction>();
  const groups = new Map<ProfileGroup, number>();
  for (const [id, micros] of selfMicros) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    const group = groupOf(frame);
    groups.set(group, (groups.get(group) ?? 0) + micros);
    const name = frame.functionName || '(anonymous)';
    const where = whereOf(frame);
    const key = `${name} ${where}`;
    const seen = functions.get(key) ?? { name, where, group, microsPerLookup: 0 };
    seen.microsPerLookup += micros / lookups;
    functions.set(key, seen);
  }
  return {
    lookups,
    groups: [...groups].map(([group, micros]) => ({ group, microsPerLookup: micros / lookups })).sort((a, b) => b.microsPerLookup - a.microsPerLookup),
    top: [...functions.values()]
      .filter((fn) => fn.group !== 'idle (waiting for the answer)')
      .sort((a, b) => b.microsPerLookup - a.microsPerLookup)
      .slice(0, topCount),
  };
}

/** `raw`: the bench's hand-written node:http lookup (raw-lookup.ts), profiled the same way for comparison. */
export async function profileClient(lookups = 5000, which: 'console' | 'raw' = 'console'): Promise<ClientProfile> {
  const sandbox = await startSandbox({ merchants: [MERCHANT], seed: 1, rateLimit: false });
  const dir = mkdtempSync(join(tmpdir(), 'client-profile-'));
  try {
    const id = sandbox.state(MERCHANT.key).transactions[0]?.id;
    if (id === undefined) throw new Error('The sandbox has no example transaction');
    const loop = resolve(import.meta.dirname, 'client-profile-loop.ts');
    const args = ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${dir}`, loop, which, sandbox.baseUrl, MERCHANT.key, MERCHANT.secret, String(id), String(lookups)];
    await promisify(execFile)(process.execPath, args, { cwd: ROOT });
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (file === undefined) throw new Error('node --cpu-prof wrote no profile');
    return summariseProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, lookups, Number(process.env.PROFILE_TOP ?? 15));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sandbox.close();
  }
}

const us = (value: number): string => `${value.toFixed(1)} µs`;

const busyOf = (profile: ClientProfile): number =>
  profile.groups.filter((g) => g.group !== 'idle (waiting for the answer)').reduce((sum, g) => sum + g.microsPerLookup, 0);

/** The console's profile, and beside it, when given, the raw client's, profiled the same way. */
export function clientProfileMarkdown(profile: ClientProfile, raw?: ClientProfile): string {
  const busy = busyOf(profile);
  const share = (micros: number): string => `${((micros / busy) * 100).toFixed(0)} %`;
  const rawOf = (group: ProfileGroup): number => raw?.groups.find((g) => g.group === group)?.microsPerLookup ?? 0;
  return [
    '### Where the client\'s time goes',
    '',
    `\`node --cpu-prof\` on a loop of ${profile.lookups.toLocaleString('en')} lookups through the console's client, in a process of its own`,
    '(scripts/bench/client-profile.ts; the sandbox answers from another), by self time per lookup; one process',
    'start and the first calls\' compiling are in it too. Shares are of the time the client\'s process was busy.',
    ...(raw ? ['The raw `node:http` client\'s loop is profiled the same way, beside it.'] : []),
    '',
    ...(raw
      ? [
          '| group | console, per lookup | share of busy | raw, per lookup | console − raw |',
          '|---|---|---|---|---|',
          ...profile.groups.map((g) => {
            const idle = g.group.startsWith('idle');
            return `| ${g.group} | ${us(g.microsPerLookup)} | ${idle ? '' : share(g.microsPerLookup)} | ${us(rawOf(g.group))} | ${idle ? '' : us(g.microsPerLookup - rawOf(g.group))} |`;
          }),
          `| busy in all | ${us(busy)} | | ${us(busyOf(raw))} | ${us(busy - busyOf(raw))} |`,
        ]
      : [
          '| group | per lookup | share of busy |',
          '|---|---|---|',
          ...profile.groups.map((g) => `| ${g.group} | ${us(g.microsPerLookup)} | ${g.group.startsWith('idle') ? '' : share(g.microsPerLookup)} |`),
        ]),
    '',
    'The top functions by self time:',
    '',
    '| function | where | group | per lookup | share of busy |',
    '|---|---|---|---|---|',
    ...profile.top.map((fn) => `| \`${fn.name}\` | ${fn.where === '' ? '' : `\`${fn.where}\``} | ${fn.group} | ${us(fn.microsPerLookup)} | ${share(fn.microsPerLookup)} |`),
  ].join('\n');
}
