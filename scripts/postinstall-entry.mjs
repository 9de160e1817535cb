/**
 * `npm ci`'s postinstall entry, run by whatever Node the machine has. The project's scripts are
 * TypeScript that only Node 24 runs as it is: an older Node would fail on postinstall.ts with a
 * stack trace (ERR_UNKNOWN_FILE_EXTENSION) before the person has read the README's Node 24 line.
 * So this file uses nothing newer than Node 12 can read, says in one line what to do, and only then
 * hands over to postinstall.ts.
 */

/* global process, console -- Node's, in a plain .mjs that no TypeScript config covers */

const NEEDED_MAJOR = 24;
const running = process.versions.node;

if (Number(running.split('.')[0]) < NEEDED_MAJOR) {
  console.error(`Merchant Console needs Node ${NEEDED_MAJOR} (this is Node ${running}): run \`source scripts/node24.sh\`, then \`npm ci\` again.`);
  process.exit(1);
}

await import('./postinstall.ts');
