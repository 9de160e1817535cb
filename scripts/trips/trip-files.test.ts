import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Trips } from './trip-files.ts';

/**
 * The README walks the lookup and the exchange placement file by file (Architecture, "One trip"):
 * every file whose functions run on each trip, as trip-files.ts measures it, is named in its walk,
 * and the count the README gives is the measured one. A file that joins a trip, or leaves it,
 * fails here until the README says so. Neither trip may pass through more files than its limit:
 * a lookup at most 20, from the form to the bytes and back, an exchange placement at most 25.
 */

const TRIP_LIMITS = { lookup: 20, placement: 25 } as const;

const ROOT = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const between = (from: string, to: string): string => {
  const start = readme.indexOf(from);
  const end = readme.indexOf(to, start + 1);
  if (start < 0 || end < 0) throw new Error(`README.md has no section from "${from}" to "${to}"`);
  return readme.slice(start, end);
};
const LOOKUP = between('**One trip: a transaction lookup**', '**Placing an exchange**');
const PLACEMENT = between('**Placing an exchange**', '**What became of it: callbacks.**');

/** The file names a walk gives in backticks, each as its last part (the walk names some by their folder). */
const namedIn = (walk: string): Set<string> => new Set([...walk.matchAll(/`([^`]+\.tsx?)`/g)].map((match) => basename(match[1] ?? '')));

describe("the README's trips", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [resolve(import.meta.dirname, 'trip-files.ts'), '--json'], { cwd: ROOT, timeout: 120_000 });
  const trips = JSON.parse(stdout) as Trips;

  it.each([
    ['lookup', LOOKUP, /That is (\d+) files doing work \((\d+) measured in main/],
    ['placement', PLACEMENT, /measured the same way: (\d+) files/],
  ] as const)('the %s names every file that does work on it, and counts them as measured', (name, walk, count) => {
    const trip = trips[name];
    const named = namedIn(walk);
    expect(trip.all.filter((file) => !named.has(basename(file)))).toEqual([]);
    const stated = walk.match(count);
    expect(Number(stated?.[1])).toBe(trip.all.length);
    if (stated?.[2] !== undefined) expect(Number(stated[2])).toBe(trip.main.length);
  });

  it.each(['lookup', 'placement'] as const)('the %s passes through no more files than its limit', (name) => {
    expect(trips[name].all.length, trips[name].all.join('\n')).toBeLessThanOrEqual(TRIP_LIMITS[name]);
  });
});
