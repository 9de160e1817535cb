import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './electron/package.ts';

// A comment, a test name or a string that says "issue 12" sends the reader to a tracker they may
// not be able to open, and says nothing once it is gone. The reason itself belongs there, in a few
// plain words, or a pointer into docs/ or a README section. This test names every line that still
// cites an issue by number, as file:line.

const CODE_FOLDERS = ['electron', 'renderer', 'shared', 'e2e', 'scripts'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
/** This file, whose samples below cite issues on purpose. */
const SELF = 'scripts/no-issue-references.test.ts';

/** "issue" or "issues" followed by a number, in any case: "Issue 15:", "(issue 11, item 4)", "issues 12 and 14", "issue #7". */
const ISSUE_NUMBER = /\bissues?\b\s*(?:#|no\.?\s*|number\s*)?\d/i;

/** Each line of `source` that cites an issue by number, as `file:line: text`. */
function issueReferences(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, index) => (ISSUE_NUMBER.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

/** The git-tracked code files of the five code folders that are on disk, this file aside. */
function trackedCodeFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...CODE_FOLDERS], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed.split('\0').filter((file) => CODE.test(file) && file !== SELF && existsSync(join(ROOT, file)));
}

describe('no comment, test name or string cites an issue by number', () => {
  it('catches the ways an issue has been cited, and nothing else', () => {
    const cited = [
      '// Issue 11, "Test hooks in production": a packaged build reads none of them',
      ' * each ask is a signed request and a parse (issue 11, item 4, as for lookups).',
      "  it('names who ran the lookup (issue 15)', async () => {",
      "    why: 'Issue 12: the sent mark (shared/submission/outcome.ts).',",
      "describe('issue 14: balances, deposit addresses and lookups by txid', () => {",
      ' * The contract test of issue 3: the client against the local sandbox',
      '// What issues 12 and 14 asked for.',
      '/* ISSUE #7 */',
    ];
    expect(cited.filter((line) => !ISSUE_NUMBER.test(line))).toEqual([]);
    const innocent = [
      "expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([",
      "ctx.addIssue({ code: 'custom', path: ['value'], message: outcome.message });",
      "  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',",
      ' * the TLS certificate was issued by an authority this computer does not trust',
      "const issue1 = result.error.issues[0]; // a zod issue, no number",
    ];
    expect(innocent.filter((line) => ISSUE_NUMBER.test(line))).toEqual([]);
  });

  it('names the file and line of each citation', () => {
    const source = ['/**', ' * A lookup is written whole (issue 15).', ' */', 'export const x = 1; // Issue 12: the sent mark'].join('\n');
    expect(issueReferences('electron/x.ts', source)).toEqual([
      'electron/x.ts:2: * A lookup is written whole (issue 15).',
      'electron/x.ts:4: export const x = 1; // Issue 12: the sent mark',
    ]);
  });

  it('finds none in the git-tracked code of electron, renderer, shared, e2e and scripts', () => {
    const files = trackedCodeFiles();
    // Not vacuous: the walk sees the code of every folder.
    for (const folder of CODE_FOLDERS) expect(files.some((file) => file.startsWith(`${folder}/`)), folder).toBe(true);
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => issueReferences(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
