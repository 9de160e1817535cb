import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * electron-builder.yml, checked without Electron and without the network: read with the YAML parser
 * electron-builder reads it with, validated against electron-builder's own JSON schema with its own
 * ajv, and held to the app's rules (the fuses, among others). The libraries are taken from where
 * app-builder-lib resolves them, so the check and the packaging cannot disagree on a version.
 */

const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));

type AjvError = { instancePath: string; message?: string; params: unknown };
type AjvValidate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
type AjvClass = new (options: Record<string, unknown>) => { compile(schema: unknown): AjvValidate };
type Minimatch = { negate: boolean; match(path: string): boolean };
type MinimatchClass = new (pattern: string, options: { dot: boolean }) => Minimatch;

const { load } = builderRequire('js-yaml') as { load(text: string): unknown };
const { default: Ajv } = builderRequire('ajv') as { default: AjvClass };
const { Minimatch } = builderRequire('minimatch') as { Minimatch: MinimatchClass };

export type BuilderConfig = Record<string, unknown> & {
  asar?: unknown;
  files?: unknown;
  electronFuses?: Record<string, unknown> | null;
};

export function loadBuilderConfig(path: string): BuilderConfig {
  return load(readFileSync(path, 'utf8')) as BuilderConfig;
}

let validate: AjvValidate | undefined;

/** The schema's complaints, as `path: message`; none for a valid configuration. */
export function schemaErrors(config: unknown): string[] {
  // The options electron-builder validates with (out/util/config/schemaValidator.js), less coerceTypes:
  // a string where a boolean belongs is an error here, not quietly turned into a boolean.
  validate ??= new Ajv({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(builderRequire.resolve('app-builder-lib/scheme.json'), 'utf8')),
  );
  if (validate(config)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? 'invalid'} ${JSON.stringify(error.params)}`);
}

/**
 * The fuses the app ships with (@electron/fuses, flipped by electron-builder): every way to run
 * code in the app's name that the app itself never uses is off; the cookie store is encrypted, and
 * the app loads only its own, integrity-checked app.asar.
 */
export const REQUIRED_FUSES: Readonly<Record<string, boolean>> = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
};

export function fuseProblems(config: BuilderConfig): string[] {
  const fuses = config.electronFuses ?? {};
  const problems = Object.entries(REQUIRED_FUSES)
    .filter(([fuse, wanted]) => fuses[fuse] !== wanted)
    .map(([fuse, wanted]) => `electronFuses.${fuse} must be ${wanted}, is ${JSON.stringify(fuses[fuse])}`);
  // onlyLoadAppFromAsar with no asar would leave Electron nothing to load.
  if (fuses.onlyLoadAppFromAsar === true && config.asar !== true) problems.push('onlyLoadAppFromAsar needs asar: true');
  return problems;
}

/**
 * A macOS build without a Developer ID must still start on Apple Silicon: flipping the fuses breaks
 * the binary's signature, electron-builder does not sign without an identity, so @electron/fuses must
 * re-sign it ad hoc (resetAdHocDarwinSignature).
 */
export function macSignatureProblems(config: BuilderConfig): string[] {
  if (config.electronFuses?.resetAdHocDarwinSignature === true) return [];
  return [
    'electronFuses.resetAdHocDarwinSignature must be true: without a Developer ID the fuse-flipped macOS binary is left with a broken signature, which Apple Silicon refuses to start',
  ];
}

/**
 * Whether electron-builder's `files` patterns take this app-relative file into the package: the
 * patterns in order, a later exclusion (`!`) overriding an earlier match, with the same minimatch
 * options as app-builder-lib (out/util/filter.js).
 */
export function isPackaged(files: readonly string[], path: string): boolean {
  let packaged = false;
  for (const pattern of files.map((glob) => new Minimatch(glob, { dot: true }))) {
    if (packaged !== pattern.negate) continue;
    packaged = pattern.match(path);
  }
  return packaged;
}

/** Width and height from a PNG's IHDR chunk; throws on anything else. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isPng = bytes.length >= 24 && signature.every((byte, i) => bytes[i] === byte);
  if (!isPng || new TextDecoder().decode(bytes.subarray(12, 16)) !== 'IHDR') throw new Error('not a PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The entitlement keys a plist grants (each `<key>` followed by `<true/>`). */
export function grantedEntitlements(plist: string): string[] {
  return [...plist.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<key>([^<]+)<\/key>\s*<true\s*\/>/g)].map((match) => match[1] ?? '');
}
