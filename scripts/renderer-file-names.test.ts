import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The renderer's file-naming rule (README, "Architecture"): a React component's file is PascalCase,
 * named after it (.tsx); every other file is kebab-case (.ts, .css, a .tsx without a component,
 * tests). Its folders, and two names in one folder that differ only by case or separators
 * (LookupForm.tsx beside lookupForm.ts), are held for the whole tree by file-names.test.ts.
 */

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;

/** The name before its first dot: `lookup-form-schema` of lookup-form-schema.test.ts. */
const baseOf = (path: string) => posix.basename(path).split('.')[0] ?? '';

function namingProblems(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const base = baseOf(path);
    const component = path.endsWith('.tsx') && !path.endsWith('.test.tsx');
    if (component ? PASCAL.test(base) || KEBAB.test(base) : KEBAB.test(base)) return [];
    return [`${path}: ${component ? 'PascalCase (a component) or kebab-case' : 'kebab-case'} expected`];
  });
}

describe('renderer file names', () => {
  it('refuses a camelCase or PascalCase module that is not a component', () => {
    expect(namingProblems(['renderer/features/x/lookupForm.ts', 'renderer/features/x/Words.ts', 'renderer/x/pairColumns.tsx'])).toEqual([
      'renderer/features/x/lookupForm.ts: kebab-case expected',
      'renderer/features/x/Words.ts: kebab-case expected',
      'renderer/x/pairColumns.tsx: PascalCase (a component) or kebab-case expected',
    ]);
    expect(namingProblems(['renderer/x/quoteForm.test.ts', 'renderer/x/shared_bits.css'])).toHaveLength(2);
  });

  it('allows a component, kebab-case logic, styles, tests and a .tsx without a component', () => {
    const folder = ['LookupForm.tsx', 'lookup-form-schema.ts', 'lookup-form-schema.test.ts', 'pair-columns.tsx', 'set-aside.css', 'index.ts', 'env.d.ts'];
    expect(namingProblems(folder.map((name) => `renderer/x/${name}`))).toEqual([]);
  });

  it('holds for every file of the renderer', () => {
    const files = readdirSync('renderer', { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(tsx?|css|html)$/.test(name))
      .map((name) => `renderer/${name.split('\\').join('/')}`);
    expect(files.length).toBeGreaterThan(100);
    expect(namingProblems(files)).toEqual([]);
  });
});
