import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { engDisableLines, justificationFor } from './justification.ts';
import type { Finding } from './sarif.ts';
import { isShippedSource, SCANNED } from './scan.ts';

export type Verdict = {
  explained: { finding: Finding; reason: string }[];
  /** Fail the build: no comment explains them (a finding about no file can never be explained). */
  unexplained: Finding[];
  /** Fail the build: Electronegativity's own reasonless `eng-disable` comments, as `file:line`. */
  reasonlessDisables: string[];
};

function shippedFiles(root: string): string[] {
  return SCANNED.flatMap((entry) => {
    const path = join(root, entry);
    if (!existsSync(path)) return [];
    if (!statSync(path).isDirectory()) return [entry];
    return readdirSync(path, { recursive: true, encoding: 'utf8' })
      .map((file) => join(entry, file))
      .filter((file) => /\.(ts|tsx|js|jsx|html|htm)$/.test(file) && isShippedSource(file));
  });
}

export function judge(root: string, findings: readonly Finding[]): Verdict {
  const verdict: Verdict = { explained: [], unexplained: [], reasonlessDisables: [] };
  const linesOf = new Map<string, string[]>();
  for (const finding of findings) {
    const path = join(root, finding.file);
    if (!finding.file || !existsSync(path)) {
      verdict.unexplained.push(finding);
      continue;
    }
    if (!linesOf.has(path)) linesOf.set(path, readFileSync(path, 'utf8').split('\n'));
    const reason = justificationFor(finding, linesOf.get(path) ?? []);
    if (reason === null) verdict.unexplained.push(finding);
    else verdict.explained.push({ finding, reason });
  }
  for (const file of shippedFiles(root)) {
    for (const line of engDisableLines(readFileSync(join(root, file), 'utf8'))) verdict.reasonlessDisables.push(`${file}:${line}`);
  }
  return verdict;
}
