import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/shell/csp.ts';
import { ROOT } from '../electron/package.ts';
import { buildApp } from './app.ts';
import { META_CONTENT_SECURITY_POLICY } from './csp-meta.ts';
import { metaPolicies } from './html.ts';

// The renderer as `electron-vite build` writes it (here into a temp folder, with the project's own
// config): what the installers pack and what npm start, the e2e suites and the bench load.

let out: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'merchant-console-build-'));
  await buildApp({ root: ROOT, outDir: out, quiet: true });
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const files = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' });
const rendererJs = () => files(join(out, 'renderer')).filter((file) => file.endsWith('.js'));

/**
 * Characters per line: minified code runs on in long lines (its few line breaks are inside string
 * templates), readable code has a statement or less per line, 20 to 50 characters.
 */
function charactersPerLine(code: string): number {
  return code.length / code.split('\n').length;
}

/** Lines indented by a formatter: readable output has many, minified output none outside strings. */
function indentedLines(code: string): number {
  return code.split('\n').filter((line) => /^(?: {2}|\t)\S/.test(line)).length;
}

describe('the shipped renderer', () => {
  it("carries the strict policy as a <meta>, before any script: csp.ts's, less what a <meta> cannot hold", () => {
    const html = readFileSync(join(out, 'renderer', 'index.html'), 'utf8');
    expect(metaPolicies(html)).toEqual([META_CONTENT_SECURITY_POLICY]);
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
    const directives = CONTENT_SECURITY_POLICY.split('; ');
    expect(META_CONTENT_SECURITY_POLICY.split('; ')).toEqual(directives.filter((directive) => !directive.startsWith('frame-ancestors')));
  });

  it('is minified', () => {
    expect(rendererJs().length).toBeGreaterThan(0);
    for (const file of rendererJs()) {
      const code = readFileSync(join(out, 'renderer', file), 'utf8');
      // A chunk of a few hundred bytes is one line either way, so the length of its lines says nothing.
      if (code.length > 2000) expect(charactersPerLine(code), file).toBeGreaterThan(500);
      expect(indentedLines(code), file).toBe(0);
    }
    // The check itself: main and preload are left readable on purpose (electron.vite.config.ts).
    const main = readFileSync(join(out, 'main', 'main.js'), 'utf8');
    expect(charactersPerLine(main)).toBeLessThan(100);
    expect(indentedLines(main)).toBeGreaterThan(100);
  });

  it('has no source maps, nor references to any, in main, preload or renderer', () => {
    const all = files(out);
    expect(all).toEqual(expect.arrayContaining(['main/main.js', 'preload/preload.cjs', 'renderer/index.html']));
    expect(all.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of all.filter((name) => /\.(c?js|css)$/.test(name))) {
      expect(readFileSync(join(out, file), 'utf8'), file).not.toContain('sourceMappingURL');
    }
  });
});
