import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readSarifFindings } from './electronegativity/sarif.ts';
import { installedElectronVersion, runElectronegativity } from './electronegativity/scan.ts';
import { judge } from './electronegativity/verdict.ts';

/**
 * `npm run scan`: the static security scan, Electronegativity (@doyensec/electronegativity), over the
 * code the app ships (electron/, renderer/, shared/ without tests; scan.ts says why). No Electron
 * binary and no network are needed.
 *
 * The tool exits 0 whatever it finds, so this script reads its SARIF report
 * (test-results/electronegativity.sarif) and exits 1, listing rule, file and line, for every finding
 * that no comment explains. A finding is explained by a comment on its line, or in the comment lines
 * directly above it, of this form:
 *
 *   // electronegativity-ignore: <RULE>[, <RULE>...] <reason, at least three words>
 *
 * for example
 *
 *   // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only payment pages the service returned get here
 *
 * (`/* ... *\/` and `<!-- ... -->` work too). Electronegativity's own `eng-disable` comments are
 * refused: they drop a finding from the report without a reason.
 */

const ROOT = resolve(import.meta.dirname, '..');
const sarifPath = resolve(ROOT, 'test-results', 'electronegativity.sarif');
mkdirSync(resolve(ROOT, 'test-results'), { recursive: true });

runElectronegativity({ root: ROOT, sarifPath, electronVersion: installedElectronVersion(ROOT) });
const verdict = judge(ROOT, readSarifFindings(readFileSync(sarifPath, 'utf8')));

for (const { finding, reason } of verdict.explained) {
  console.log(`explained  ${finding.rule}  ${finding.file}:${finding.line}  (${reason})`);
}
for (const finding of verdict.unexplained) {
  console.error(`FINDING    ${finding.rule}  ${finding.file || '(the app as a whole)'}:${finding.line}  ${finding.message}`);
}
for (const place of verdict.reasonlessDisables) {
  console.error(`REFUSED    eng-disable at ${place}: use "// electronegativity-ignore: <RULE> <reason>" instead`);
}

const failures = verdict.unexplained.length + verdict.reasonlessDisables.length;
console.log(
  `\nElectronegativity: ${verdict.explained.length} finding(s) explained, ${verdict.unexplained.length} unexplained, ` +
    `${verdict.reasonlessDisables.length} eng-disable comment(s) refused. Report: ${sarifPath}`,
);
if (failures > 0) {
  console.error('Explain each finding with a comment (the form is in scripts/electronegativity.ts) or fix the code.');
  process.exitCode = 1;
}
