/**
 * The findings in Electronegativity's SARIF report. The report is the scan's only verdict: the
 * tool exits 0 whatever it finds, so a finding read here is what fails the build.
 */

export type Finding = {
  rule: string;
  /** Relative to the scanned folder, which mirrors the project: `electron/shell/window.ts`. */
  file: string;
  line: number;
  message: string;
};

type SarifResult = {
  ruleId?: unknown;
  message?: { text?: unknown };
  locations?: { physicalLocation?: { artifactLocation?: { uri?: unknown }; region?: { startLine?: unknown } } }[];
};

/** Throws on anything that is not a SARIF 2.1.0 log, so a broken report never reads as "no findings". */
export function readSarifFindings(text: string): Finding[] {
  const log = JSON.parse(text) as { version?: unknown; runs?: unknown };
  if (log.version !== '2.1.0' || !Array.isArray(log.runs) || log.runs.length === 0) {
    throw new Error('not a SARIF 2.1.0 log with at least one run');
  }
  const findings: Finding[] = [];
  for (const run of log.runs as { results?: unknown }[]) {
    if (!Array.isArray(run.results)) throw new Error('a SARIF run without a results array');
    for (const result of run.results as SarifResult[]) {
      if (typeof result.ruleId !== 'string') throw new Error('a SARIF result without a ruleId');
      const location = result.locations?.[0]?.physicalLocation;
      const uri = location?.artifactLocation?.uri;
      const line = location?.region?.startLine;
      findings.push({
        rule: result.ruleId,
        // Electronegativity writes `file:///` for a finding about the app as a whole (no file).
        file: typeof uri === 'string' && !uri.startsWith('file:') ? uri : '',
        line: typeof line === 'number' ? line : 1,
        message: typeof result.message?.text === 'string' ? result.message.text : '',
      });
    }
  }
  return findings;
}
