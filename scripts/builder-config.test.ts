import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuseProblems, grantedEntitlements, isPackaged, loadBuilderConfig, macSignatureProblems, pngSize, REQUIRED_FUSES, schemaErrors } from './builder-config.ts';
import type { BuilderConfig } from './builder-config.ts';

// electron-builder.yml, validated the way electron-builder would, without downloading Electron.
const ROOT = resolve(import.meta.dirname, '..');
const config = loadBuilderConfig(resolve(ROOT, 'electron-builder.yml'));

type Section = Record<string, unknown>;
const section = (name: string): Section => (config[name] ?? {}) as Section;
const copy = (): BuilderConfig => structuredClone(config);

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema", () => {
    expect(schemaErrors(config)).toEqual([]);
  });

  it('is refused by that schema when an option is misspelt or of the wrong type', () => {
    expect(schemaErrors({ ...copy(), electronFuses: { ...config.electronFuses, runAsNod: false } })).not.toEqual([]);
    expect(schemaErrors({ ...copy(), asar: 'yes' })).not.toEqual([]);
    expect(schemaErrors({ ...copy(), nsis: { ...section('nsis'), oneClick: 'false' } })).not.toEqual([]);
  });

  it('sets every fuse the app needs', () => {
    expect(fuseProblems(config)).toEqual([]);
    expect(config.electronFuses).toMatchObject(REQUIRED_FUSES);
  });

  it('fails when any one fuse is flipped (on an in-memory copy)', () => {
    for (const [fuse, wanted] of Object.entries(REQUIRED_FUSES)) {
      const flipped = copy();
      flipped.electronFuses = { ...flipped.electronFuses, [fuse]: !wanted };
      expect(fuseProblems(flipped)).toEqual([`electronFuses.${fuse} must be ${wanted}, is ${!wanted}`]);
    }
    const missing = copy();
    delete missing.electronFuses?.runAsNode;
    expect(fuseProblems(missing)).toEqual(['electronFuses.runAsNode must be false, is undefined']);
    expect(fuseProblems({ ...copy(), asar: false })).toEqual(['onlyLoadAppFromAsar needs asar: true']);
  });

  it('names the app', () => {
    expect(config).toMatchObject({ appId: 'com.merchantconsole.app', productName: 'Merchant Console', asar: true });
    expect(config.copyright).toMatch(/^Copyright © \d{4} /);
  });

  it('builds AppImage and deb, NSIS, and a dmg', () => {
    expect(section('linux').target).toEqual(['AppImage', 'deb']);
    expect(section('win').target).toEqual(['nsis']);
    expect(section('mac').target).toEqual(['dmg']);
  });

  it('makes a per-user NSIS wizard with a choice of folder', () => {
    expect(section('nsis')).toMatchObject({ oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true });
  });

  it('gives the deb its Linux metadata and the Secret Service library keytar needs', () => {
    expect(section('linux')).toMatchObject({ category: 'Office', maintainer: expect.stringMatching(/<.+@.+>/), synopsis: expect.any(String) });
    expect(section('deb').depends).toContain('libsecret-1-0');
    // Setting depends replaces electron-builder's defaults: Electron's own libraries must still be there.
    expect(section('deb').depends).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils']));
  });

  it('signs for macOS with the hardened runtime and entitlements that exist and grant only JIT', () => {
    const mac = section('mac');
    expect(mac).toMatchObject({ hardenedRuntime: true, gatekeeperAssess: false });
    for (const key of ['entitlements', 'entitlementsInherit']) {
      const path = resolve(ROOT, String(mac[key]));
      expect(existsSync(path), `${key}: ${path}`).toBe(true);
      expect(grantedEntitlements(readFileSync(path, 'utf8'))).toEqual(['com.apple.security.cs.allow-jit']);
    }
  });

  it('re-signs the fuse-flipped macOS app ad hoc, so a build without a Developer ID starts on Apple Silicon', () => {
    expect(macSignatureProblems(config)).toEqual([]);
    expect(schemaErrors({ ...copy(), electronFuses: { ...config.electronFuses, resetAdHocDarwinSignature: 'yes' } })).not.toEqual([]);
    for (const value of [false, undefined]) {
      const unsigned = copy();
      unsigned.electronFuses = { ...unsigned.electronFuses, resetAdHocDarwinSignature: value };
      expect(macSignatureProblems(unsigned)).toEqual([expect.stringContaining('electronFuses.resetAdHocDarwinSignature must be true')]);
    }
  });

  it('has the icons, at their sizes', () => {
    expect(pngSize(readFileSync(resolve(ROOT, 'build/icon.png')))).toEqual({ width: 1024, height: 1024 });
    expect(pngSize(readFileSync(resolve(ROOT, section('linux').icon as string, '512x512.png')))).toEqual({ width: 512, height: 512 });
    expect(section('mac').icon).toBe('build/icon.png');
    expect(section('win').icon).toBe('build/icon.png');
    expect(() => pngSize(readFileSync(resolve(ROOT, 'build/icon.svg')))).toThrow('not a PNG');
  });

  it('packs the three builds and package.json, and no source maps, tests, sources or e2e renderers', () => {
    const files = config.files as string[];
    for (const path of ['out/main/main.js', 'out/preload/preload.cjs', 'out/renderer/index.html', 'out/renderer/assets/index-abc.js', 'package.json']) {
      expect(isPackaged(files, path), path).toBe(true);
    }
    for (const path of [
      'out/main/main.js.map',
      'out/renderer/assets/index-abc.js.map',
      'out/main/window.test.js',
      'out/renderer/assets/app.spec.js',
      'out/renderer-faults/index.html',
      'electron/main.ts',
      'renderer/main.tsx',
      'e2e/specs/history-list.spec.ts',
      'electron-builder.yml',
    ]) {
      expect(isPackaged(files, path), path).toBe(false);
    }
  });

  it('unpacks keytar.node from the asar and rebuilds it for the target', () => {
    expect(isPackaged(config.asarUnpack as string[], 'node_modules/keytar/build/Release/keytar.node')).toBe(true);
    expect(isPackaged(config.asarUnpack as string[], 'node_modules/keytar/lib/keytar.js')).toBe(false);
    expect(config.npmRebuild).toBe(true);
  });

  it('registers no file types or URL schemes, and publishes nothing by itself', () => {
    for (const platform of [config, section('mac'), section('win'), section('linux')]) {
      expect(platform.fileAssociations).toBeUndefined();
      expect(platform.protocols).toBeUndefined();
    }
    expect(config.publish).toBeNull();
  });
});

describe('the checks themselves', () => {
  it('reads a PNG header and refuses other bytes', () => {
    const header = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 0, 64]);
    expect(pngSize(header)).toEqual({ width: 256, height: 64 });
    expect(() => pngSize(header.subarray(0, 20))).toThrow('not a PNG');
  });

  it('lets a later exclusion override an earlier match, as electron-builder does', () => {
    expect(isPackaged(['out/**', '!**/*.map'], 'out/a.js.map')).toBe(false);
    expect(isPackaged(['out/**', '!**/*.map'], 'out/a.js')).toBe(true);
    expect(isPackaged(['!**/*.map', 'out/**'], 'out/a.js.map')).toBe(true);
  });

  it('counts only granted entitlements, not commented-out or false ones', () => {
    const plist = '<dict><!-- <key>com.apple.security.device.camera</key><true/> --><key>a</key><true/><key>b</key><false/></dict>';
    expect(grantedEntitlements(plist)).toEqual(['a']);
  });
});
