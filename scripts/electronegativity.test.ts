import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engDisableLines, justificationFor, parseJustification } from './electronegativity/justification.ts';
import { readSarifFindings } from './electronegativity/sarif.ts';
import type { Finding } from './electronegativity/sarif.ts';
import { installedElectronVersion, isShippedSource, runElectronegativity } from './electronegativity/scan.ts';
import { judge } from './electronegativity/verdict.ts';

const ROOT = resolve(import.meta.dirname, '..');

function sarif(results: unknown[]): string {
  return JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'Electronegativity', rules: [] } }, results }] });
}

function result(rule: string, uri: string, line: number): unknown {
  return {
    ruleId: rule,
    level: 'warning',
    message: { text: `about ${rule}` },
    locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine: line, startColumn: 5 } } }],
  };
}

const finding = (rule: string, line: number): Finding => ({ rule, file: 'electron/x.ts', line, message: '' });

describe('reading the SARIF report', () => {
  it('gives rule, file and line of every result', () => {
    const text = sarif([result('SANDBOX_JS_CHECK', 'electron/shell/window.ts', 24), result('CSP_GLOBAL_CHECK', 'renderer/index.html', 10)]);
    expect(readSarifFindings(text)).toEqual([
      { rule: 'SANDBOX_JS_CHECK', file: 'electron/shell/window.ts', line: 24, message: 'about SANDBOX_JS_CHECK' },
      { rule: 'CSP_GLOBAL_CHECK', file: 'renderer/index.html', line: 10, message: 'about CSP_GLOBAL_CHECK' },
    ]);
  });

  it('keeps a finding about the app as a whole, with no file', () => {
    expect(readSarifFindings(sarif([result('CSP_GLOBAL_CHECK', 'file:///', 1)]))).toEqual([
      { rule: 'CSP_GLOBAL_CHECK', file: '', line: 1, message: 'about CSP_GLOBAL_CHECK' },
    ]);
  });

  it('reads an empty report as no findings, and refuses anything that is not a report', () => {
    expect(readSarifFindings(sarif([]))).toEqual([]);
    expect(() => readSarifFindings('{}')).toThrow(/SARIF/);
    expect(() => readSarifFindings(JSON.stringify({ version: '2.1.0', runs: [{}] }))).toThrow(/results/);
    expect(() => readSarifFindings(sarif([{ message: { text: 'no rule' } }]))).toThrow(/ruleId/);
    expect(() => readSarifFindings('')).toThrow();
  });
});

describe('explaining a finding in the source', () => {
  it('accepts the marker on the line or in the comment directly above it', () => {
    const reason = 'only payment pages of this run';
    const onLine = ['call(url); // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only payment pages of this run'];
    expect(justificationFor(finding('OPEN_EXTERNAL_JS_CHECK', 1), onLine)).toBe(reason);
    const above = ['// electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only payment pages of this run', 'call(url);'];
    expect(justificationFor(finding('OPEN_EXTERNAL_JS_CHECK', 2), above)).toBe(reason);
    const longer = ['// electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only payment pages of this run', '// (payment-pages.ts checks)', 'call(url);'];
    expect(justificationFor(finding('OPEN_EXTERNAL_JS_CHECK', 3), longer)).toBe(reason);
  });

  it('refuses a finding with no marker, a marker for another rule, or a marker that is not adjacent', () => {
    expect(justificationFor(finding('OPEN_EXTERNAL_JS_CHECK', 2), ['// opens the page', 'call(url);'])).toBeNull();
    expect(justificationFor(finding('SANDBOX_JS_CHECK', 2), ['// electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only payment pages here', 'call(url);'])).toBeNull();
    const apart = ['// electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only payment pages here', 'const a = 1;', 'call(url);'];
    expect(justificationFor(finding('OPEN_EXTERNAL_JS_CHECK', 3), apart)).toBeNull();
    const below = ['call(url);', '// electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only payment pages here'];
    expect(justificationFor(finding('OPEN_EXTERNAL_JS_CHECK', 1), below)).toBeNull();
  });

  it('wants a reason of at least three words', () => {
    expect(parseJustification('// electronegativity-ignore: SANDBOX_JS_CHECK')).toBeNull();
    expect(parseJustification('// electronegativity-ignore: SANDBOX_JS_CHECK false positive')).toBeNull();
    expect(parseJustification('/* electronegativity-ignore: SANDBOX_JS_CHECK fine */')).toBeNull();
    expect(parseJustification('// electronegativity-ignore: SANDBOX_JS_CHECK set by secureWebPreferences() above')).toEqual({
      rules: ['SANDBOX_JS_CHECK'],
      reason: 'set by secureWebPreferences() above',
    });
  });

  it('lets several rules share one reason', () => {
    const lines = ['// electronegativity-ignore: SANDBOX_JS_CHECK, CONTEXT_ISOLATION_JS_CHECK set by the function above', 'new BrowserWindow(options);'];
    expect(justificationFor(finding('SANDBOX_JS_CHECK', 2), lines)).toBe('set by the function above');
    expect(justificationFor(finding('CONTEXT_ISOLATION_JS_CHECK', 2), lines)).toBe('set by the function above');
    expect(justificationFor(finding('AUXCLICK_JS_CHECK', 2), lines)).toBeNull();
  });

  it('reads block comments: a multi-line HTML comment above the element, a JSX comment, a trailing block', () => {
    const html = ['<!--', '  The policy.', "  electronegativity-ignore: CSP_GLOBAL_CHECK script-src 'self' is our bundle", '-->', '<meta', '  http-equiv="x" />'];
    expect(justificationFor(finding('CSP_GLOBAL_CHECK', 5), html)).toBe("script-src 'self' is our bundle");
    const jsx = ['{/* electronegativity-ignore: HTTP_RESOURCES_JS_CHECK a documentation link only */}', '<a href="http://x">'];
    expect(justificationFor(finding('HTTP_RESOURCES_JS_CHECK', 2), jsx)).toBe('a documentation link only');
    // Code that ends in a block comment is code, not a comment above the finding.
    const code = ['const a = 1; /* electronegativity-ignore: SANDBOX_JS_CHECK set by the function above */', 'new BrowserWindow(options);'];
    expect(justificationFor(finding('SANDBOX_JS_CHECK', 2), code)).toBeNull();
  });

  it("finds Electronegativity's own reasonless eng-disable comments", () => {
    expect(engDisableLines('a();\nnew BrowserWindow({}); // eng-disable SANDBOX_JS_CHECK\n/* eng-disable */\nengine();\n')).toEqual([2, 3]);
  });
});

describe('the scan, for real, on a small project', () => {
  const project = mkdtempSync(join(tmpdir(), 'scan-fixture-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  };
  const windowCode = (comment: string): string =>
    [
      "import { BrowserWindow } from 'electron';",
      'export function open(): BrowserWindow {',
      '  return new BrowserWindow({',
      '    webPreferences: {',
      comment,
      '      nodeIntegration: true,',
      '    },',
      '  });',
      '}',
      '',
    ].join('\n');

  it('reports an unexplained finding with its rule, file and line, and accepts an explained one', () => {
    write('electron/unexplained.ts', windowCode('      // nothing to say'));
    write('electron/explained.ts', windowCode('      // electronegativity-ignore: NODE_INTEGRATION_JS_CHECK this window only shows a local file'));
    // Tests are not shipped, so not scanned: their deliberately unsafe options must not count.
    write('electron/unsafe.test.ts', windowCode(''));
    write('electron/testing/fake.ts', windowCode(''));
    write('electron/disabled.ts', 'export const a = 1; // eng-disable SANDBOX_JS_CHECK\n');
    const sarifPath = join(project, 'report.sarif');

    runElectronegativity({ root: project, sarifPath, electronVersion: installedElectronVersion(ROOT) });
    const findings = readSarifFindings(readFileSync(sarifPath, 'utf8'));
    const verdict = judge(project, findings);

    const nodeIntegration = (list: readonly Finding[]) => list.filter((f) => f.rule === 'NODE_INTEGRATION_JS_CHECK');
    expect(nodeIntegration(findings).map((f) => `${f.file}:${f.line}`).sort()).toEqual(['electron/explained.ts:6', 'electron/unexplained.ts:6']);
    expect(nodeIntegration(verdict.unexplained)).toEqual([expect.objectContaining({ file: 'electron/unexplained.ts', line: 6 })]);
    expect(verdict.explained.filter((e) => e.finding.rule === 'NODE_INTEGRATION_JS_CHECK')).toEqual([
      { finding: expect.objectContaining({ file: 'electron/explained.ts', line: 6 }), reason: 'this window only shows a local file' },
    ]);
    expect(findings.some((f) => f.file.includes('test') || f.file.includes('testing'))).toBe(false);
    expect(verdict.reasonlessDisables).toEqual(['electron/disabled.ts:1']);
  });

  it('leaves tests and test helpers out of what it scans', () => {
    expect(isShippedSource('electron/main.ts')).toBe(true);
    expect(isShippedSource('renderer/index.html')).toBe(true);
    expect(isShippedSource('electron/shell/window.test.ts')).toBe(false);
    expect(isShippedSource('renderer/features/history/search-form-schema.test.ts')).toBe(false);
    expect(isShippedSource('electron/shell/testing/fake-electron.ts')).toBe(false);
  });
});
