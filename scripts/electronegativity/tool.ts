import { createRequire } from 'node:module';

/**
 * Runs Electronegativity once, in a process of its own: `node tool.ts <folder> <report.sarif> <electron version>`.
 * Its own process because the tool sets globals (`__` for its texts) and writes the report with a
 * callback it does not wait for: the report is complete when this process has exited.
 *
 * Offline and repeatable: the tool fetches newer translations of its texts from the network on
 * every run (and crashes on Node 24 when that fails). Its HTTP client is replaced, before the tool
 * loads, by one that answers "nothing newer", so the bundled English texts are used.
 * AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK, which downloads Electron's release list, is not run: keeping
 * Electron current is the dependency updates' job, not a scan's. Nor is ELECTRON_VERSION_JSON_CHECK,
 * which only notes the version in package.json for that check (the version is passed in instead).
 *
 * Exit 0 when every file was parsed (the SARIF holds the findings); 2, listing them, when a file
 * could not be parsed and so was not checked.
 */

type ScanError = { file: string; message: string; tolerable?: boolean };
type Runner = (options: Record<string, unknown>, forCli?: boolean) => Promise<{ errors: ScanError[] }>;

const [input, sarifPath, electronVersion] = process.argv.slice(2);
if (!input || !sarifPath || !electronVersion) {
  console.error('usage: node tool.ts <folder> <report.sarif> <electron version>');
  process.exit(64);
}

const runnerPath = createRequire(import.meta.url).resolve('@doyensec/electronegativity');
const toolRequire = createRequire(runnerPath);
const gotPath = toolRequire.resolve('got');
const nothingNewer = async () => ({ statusCode: 404, body: '' });
toolRequire.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: nothingNewer } as unknown as NodeModule;

const run = toolRequire(runnerPath) as Runner;
const { errors } = await run({
  input,
  output: sarifPath,
  isSarif: true,
  customScan: [],
  excludeFromScan: ['availablesecurityfixesglobalcheck', 'electronversionjsoncheck'],
  isRelative: true,
  isVerbose: false,
  electronVersionOverride: electronVersion,
  parserPlugins: [],
});

const unparsed = errors.filter((error) => !error.tolerable);
for (const error of unparsed) console.error(`not checked: ${error.file}: ${error.message}`);
process.exitCode = unparsed.length > 0 ? 2 : 0;
