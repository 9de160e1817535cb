import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The renderer's one file-naming convention (README, "Architecture"): a React component's file is
 * PascalCase, named after it (.tsx); every other file is kebab-case (.ts, .css, a .tsx without a
 * component, tests); and no two modules in a folder differ only by case or separators, so that
 * LookupForm.tsx and lookupForm.ts cannot stand side by side on a case-insensitive disk or in a
 * reader's head. A test beside the module it tests is not a twin (pairs-screen.test.ts, PairsScreen.tsx).
 */

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;

/** The name before its first dot: `lookup-form-schema` of lookup-form-schema.test.ts. */
const baseOf = (path: string) => posix.basename(path).split('.')[0] ?? '';
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

function namingProblems(paths: readonly string[]): string[] {
  const problems: string[] = [];
  for (const path of paths) {
    const base = baseOf(path);
    const fits = path.endsWith('.tsx') && !isTest(path) ? PASCAL.test(base) || KEBAB.test(base) : KEBAB.test(base);
    if (!fits) problems.push(`${path}: ${path.endsWith('.tsx') ? 'PascalCase (a component) or kebab-case' : 'kebab-case'} expected`);
  }
  const byKey = new Map<string, Set<string>>();
  for (const path of paths.filter((p) => !isTest(p) && /\.tsx?$/.test(p))) {
    const key = `${posix.dirname(path)}/${baseOf(path).toLowerCase().replace(/[-_]/g, '')}`;
    byKey.set(key, (byKey.get(key) ?? new Set()).add(path));
  }
  for (const twins of byKey.values()) {
    const names = [...twins];
    if (new Set(names.map(baseOf)).size > 1) problems.push(`${names.join(' and ')} differ only by case or separators: name the logic after what it is`);
  }
  return problems;
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

  it('refuses two modules in a folder that differ only by case or separators', () => {
    expect(namingProblems(['renderer/x/LookupForm.tsx', 'renderer/x/lookup-form.ts'])).toEqual([
      'renderer/x/LookupForm.tsx and renderer/x/lookup-form.ts differ only by case or separators: name the logic after what it is',
    ]);
  });

  it('allows a component, its kebab-case logic, its styles and its test side by side', () => {
    const folder = ['LookupForm.tsx', 'lookup-form-schema.ts', 'lookup-form-schema.test.ts', 'lookup-form.test.ts', 'pair-columns.tsx', 'set-aside.ts', 'set-aside.css', 'index.ts'];
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
