import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/**
 * What the scan reads: the code the app ships, as TypeScript source (Electronegativity parses
 * TypeScript, and the source is where the explaining comments live; the built output has neither
 * the comments nor the line numbers). Tests are left out: they mock Electron with deliberately
 * unsafe settings, and their handlers would hide a missing one in the app from the global checks.
 */
export const SCANNED = ['electron', 'renderer', 'shared', 'package.json'];

export function isShippedSource(relativePath: string): boolean {
  const path = relativePath.split(sep).join('/');
  return !/\.(test|spec)\.[cm]?[jt]sx?$/.test(path) && !/(^|\/)testing\//.test(path);
}

/**
 * Copies the scanned files of `root` into a new folder with the same layout, so that the paths in
 * the report are the project's own paths. The caller removes the folder.
 */
export function stageSources(root: string): string {
  const stage = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  for (const entry of SCANNED) {
    const from = join(root, entry);
    if (!existsSync(from)) continue;
    cpSync(from, join(stage, entry), {
      recursive: true,
      filter: (source) => statSync(source).isDirectory() || isShippedSource(relative(root, source)),
    });
  }
  return stage;
}

/** The Electron version the app is built with, as installed (its package, not its binary). */
export function installedElectronVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Runs Electronegativity over the shipped sources of `root` and writes its SARIF report to
 * `sarifPath`. Throws when the tool failed or left a file unparsed (unchecked).
 */
export function runElectronegativity(options: { root: string; sarifPath: string; electronVersion: string }): void {
  const stage = stageSources(options.root);
  try {
    rmSync(options.sarifPath, { force: true });
    const tool = join(import.meta.dirname, 'tool.ts');
    const result = spawnSync(process.execPath, [tool, stage, options.sarifPath, options.electronVersion], { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`Electronegativity failed (exit ${result.status ?? result.signal}):\n${result.stderr}${result.stdout}`);
    }
    if (!existsSync(options.sarifPath)) throw new Error(`Electronegativity wrote no report to ${options.sarifPath}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
