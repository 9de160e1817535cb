import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One file-naming convention for the whole tree: every code file and every
 * folder is kebab-case, each dot-separated part of its name (`csp-meta.ts`, `lookup.fuzz.test.ts`,
 * `electron.vite.config.ts`); and no two entries of one folder differ only by case or separators,
 * so that `lookupForm.ts` and `lookup-form.ts` cannot stand side by side on a case-insensitive disk
 * or in a reader's head. The renderer's own rule (a component's file is PascalCase.tsx) is held by
 * renderer-file-names.test.ts; its folders and its twins are held here too.
 */

const CODE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Kebab-case in every dot-separated part; a leading dot (`.ci`, `.dependency-cruiser.mjs`) is allowed. */
const isKebab = (name: string) => name.replace(/^\./, '').split('.').every((part) => KEBAB.test(part));

/** What a name says to a reader: no case, no separators, and one extension for every kind of code file. */
const twinKey = (name: string) => name.toLowerCase().replace(/[-_]/g, '').replace(CODE, '.code');

function namingProblems(paths: readonly string[]): string[] {
  const problems: string[] = [];
  const folders = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    parts.slice(0, -1).forEach((_, i) => folders.add(parts.slice(0, i + 1).join('/')));
    const name = parts.at(-1) ?? '';
    if (!path.startsWith('renderer/') && CODE.test(name) && !isKebab(name)) problems.push(`${path}: kebab-case expected`);
  }
  for (const folder of folders) {
    if (!isKebab(posix.basename(folder))) problems.push(`${folder}/: a kebab-case folder expected`);
  }
  // Files and folders alike: `api/` and `Api.ts` in one folder are twins too.
  const byKey = new Map<string, string[]>();
  for (const entry of [...paths, ...folders]) {
    const key = `${posix.dirname(entry)}/${twinKey(posix.basename(entry))}`;
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  for (const twins of byKey.values()) {
    if (twins.length > 1) problems.push(`${twins.join(' and ')} differ only by case or separators: one name per thing`);
  }
  return problems;
}

describe('file names', () => {
  it('refuses a camelCase, PascalCase or snake_case code file outside the renderer', () => {
    expect(namingProblems(['e2e/standin/webContents.ts', 'scripts/Bench.ts', 'shared/api/list_elements.test.ts', 'scripts/tool.Config.mjs'])).toEqual([
      'e2e/standin/webContents.ts: kebab-case expected',
      'scripts/Bench.ts: kebab-case expected',
      'shared/api/list_elements.test.ts: kebab-case expected',
      'scripts/tool.Config.mjs: kebab-case expected',
    ]);
  });

  it('refuses a folder that is not kebab-case, wherever it is', () => {
    expect(namingProblems(['electron/core/quoteBudget/index.ts', 'renderer/features/Pairs/PairsScreen.tsx'])).toEqual([
      'electron/core/quoteBudget/: a kebab-case folder expected',
      'renderer/features/Pairs/: a kebab-case folder expected',
    ]);
  });

  it('refuses two entries of one folder that differ only by case or separators, renderer included', () => {
    expect(namingProblems(['electron/platform/api/seconds.ts', 'electron/platform/api/Seconds.ts'])).toEqual([
      'electron/platform/api/Seconds.ts: kebab-case expected',
      'electron/platform/api/seconds.ts and electron/platform/api/Seconds.ts differ only by case or separators: one name per thing',
    ]);
    // Each name alone is right in the renderer; together they are one name twice.
    expect(namingProblems(['renderer/x/LookupForm.tsx', 'renderer/x/lookup-form.ts'])).toEqual([
      'renderer/x/LookupForm.tsx and renderer/x/lookup-form.ts differ only by case or separators: one name per thing',
    ]);
    expect(namingProblems(['electron/platform/api/x.ts', 'electron/platform/Api/y.ts'])).toEqual([
      'electron/platform/Api/: a kebab-case folder expected',
      'electron/platform/api and electron/platform/Api differ only by case or separators: one name per thing',
    ]);
  });

  it('allows kebab-case with dotted parts, dotfiles, a module beside its test, and one name in several kinds', () => {
    const names = ['csp-meta.ts', 'csp-meta.test.ts', 'electron.vite.config.ts', 'env.d.ts', '.dependency-cruiser.mjs', 'probe-preload.cjs', 'icon.png', 'icon.svg', 'README.md'];
    expect(namingProblems(names.map((name) => `scripts/x/${name}`))).toEqual([]);
  });

  it('holds for every tracked file of the tree', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
      .split('\0')
      .filter((path) => path !== '' && existsSync(path));
    expect(tracked.length).toBeGreaterThan(300);
    expect(namingProblems(tracked)).toEqual([]);
  });
});
