import type { Finding } from './sarif.ts';

/**
 * What explains a finding: a comment in the source, next to the code, that names the rule and says
 * why the code is safe anyway.
 *
 *   // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK only payment pages of this run get here
 *   // electronegativity-ignore: SANDBOX_JS_CHECK, CONTEXT_ISOLATION_JS_CHECK set by secureWebPreferences()
 *
 * The comment is on the finding's line, or among the comments directly above it (so a long reason
 * can go on over the next comment lines). Several rules may share one reason, comma separated. The
 * reason must have at least three words: "false positive" explains nothing. Block comments count
 * too (`/* ... *\/`, and `<!-- ... -->` in HTML, where the marker needs no `//`).
 *
 * Electronegativity's own `eng-disable` comments are refused: they hide a finding from the report
 * without a reason, so nobody could review why.
 */

const MARKER_LINE = /electronegativity-ignore:\s*([A-Z0-9_]+(?:\s*,\s*[A-Z0-9_]+)*)(.*)$/;
const MIN_REASON_WORDS = 3;

export type Justification = { rules: string[]; reason: string };

/** The marker on one source line, or null; a marker without a real reason is null too. */
export function parseJustification(line: string): Justification | null {
  const match = MARKER_LINE.exec(line);
  if (!match?.[1]) return null;
  const reason = (match[2] ?? '').replace(/\s*(\*\/|-->)\s*$/, '').trim();
  if (reason.split(/\s+/).filter((word) => /\w/.test(word)).length < MIN_REASON_WORDS) return null;
  return { rules: match[1].split(',').map((rule) => rule.trim()), reason };
}

function isLineComment(text: string): boolean {
  return text.startsWith('//') || (text.startsWith('/*') && text.endsWith('*/')) || (text.startsWith('<!--') && text.endsWith('-->'));
}

/**
 * The lines of the comments directly above line `index` (0-based): `//` lines, and whole
 * `/* ... *\/` or `<!-- ... -->` blocks, however many lines they span.
 */
function commentAbove(lines: readonly string[], index: number): string[] {
  const comment: string[] = [];
  let at = index - 1;
  while (at >= 0) {
    // A JSX comment is a block comment in braces: {/* ... */}
    const text = (lines[at] ?? '').trim().replace(/^\{(?=\/\*)/, '').replace(/(?<=\*\/)\}$/, '');
    if (isLineComment(text)) {
      comment.push(text);
      at--;
    } else if (text.endsWith('*/') || text.endsWith('-->')) {
      // A block comment: walk up to its opening line, which must hold nothing but the comment.
      const opener = text.endsWith('*/') ? '/*' : '<!--';
      let start = at;
      while (start >= 0 && !(lines[start] ?? '').includes(opener)) start--;
      const opening = (lines[start] ?? '').trim().replace(/^\{(?=\/\*)/, '');
      if (start < 0 || !opening.startsWith(opener)) break;
      comment.push(...lines.slice(start, at + 1));
      at = start - 1;
    } else {
      break;
    }
  }
  return comment;
}

/** The reason that explains this finding, given its file's lines, or null when none does. */
export function justificationFor(finding: Finding, sourceLines: readonly string[]): string | null {
  const index = finding.line - 1;
  const candidates = [sourceLines[index] ?? '', ...commentAbove(sourceLines, index)];
  for (const line of candidates) {
    const justification = parseJustification(line);
    if (justification?.rules.includes(finding.rule)) return justification.reason;
  }
  return null;
}

/** Lines (1-based) that carry Electronegativity's own reasonless `eng-disable` comments. */
export function engDisableLines(source: string): number[] {
  return source.split('\n').flatMap((line, index) => (/\beng-disable\b/.test(line) ? [index + 1] : []));
}
