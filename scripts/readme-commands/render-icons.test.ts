import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../../e2e/harness/build.ts';

// README: "`bash scripts/render-icons.sh` renders `build/icon.png` (1024 px) and
// `build/icons/512x512.png` with Chromium." Run for real in a temp copy of what it reads (the script
// works from its own folder's parent), so that this checkout's committed PNGs are never rewritten.

let copy: string;
let output: string;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'merchant-console-icons-'));
  mkdirSync(join(copy, 'scripts'));
  mkdirSync(join(copy, 'build'));
  cpSync(join(ROOT, 'scripts/render-icons.sh'), join(copy, 'scripts/render-icons.sh'));
  cpSync(join(ROOT, 'build/icon.svg'), join(copy, 'build/icon.svg'));
  output = execFileSync('bash', [join(copy, 'scripts/render-icons.sh')], { cwd: tmpdir(), encoding: 'utf8', timeout: 60_000 });
}, 70_000);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

type PngHeader = { width: number; height: number; bitDepth: number; colorType: number };

/** The PNG signature, then the IHDR chunk: width, height, bit depth and colour type (section 11.2.2 of the PNG specification, W3C). */
function pngHeader(file: string): PngHeader {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString('hex'), `${file} is not a PNG`).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bitDepth: bytes.readUInt8(24), colorType: bytes.readUInt8(25) };
}

it.each([
  ['build/icon.png', 1024],
  ['build/icons/512x512.png', 512],
])('renders %s at %i px square, with an alpha channel for the transparent corners', (file, size) => {
  const path = join(copy, file);
  expect(existsSync(path), `render-icons.sh printed:\n${output}`).toBe(true);
  // Colour type 6 is RGBA: the page's background is transparent, so the icon's outside stays clear.
  expect(pngHeader(path)).toEqual({ width: size, height: size, bitDepth: 8, colorType: 6 });
});

it('renders the same sizes as the committed icons electron-builder packs', () => {
  for (const file of ['build/icon.png', 'build/icons/512x512.png']) {
    const { width, height } = pngHeader(join(ROOT, file));
    expect(pngHeader(join(copy, file))).toMatchObject({ width, height });
  }
});
