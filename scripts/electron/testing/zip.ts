import { crc32 } from 'node:zlib';

/**
 * A zip archive of stored (uncompressed) files with Unix modes, enough for a stand-in of Electron's
 * release zip: the test serves it from a loopback mirror to Electron's own install.js. Format: PKWARE
 * APPNOTE 4.3.7 (local headers), 4.3.12 (central directory) and 4.3.16 (end record).
 */

export type ZipEntry = { name: string; data: Buffer; mode?: number };

const VERSION_NEEDED = 20;
const MADE_BY_UNIX = (3 << 8) | VERSION_NEEDED; // upper byte 3: external attributes hold a Unix mode
const DOS_DATE_1980_01_01 = (0 << 9) | (1 << 5) | 1;

/**
 * The run of fields both headers share, in the same order (date, CRC-32, both sizes, name length),
 * from `at`: offset 12 in a local header, 14 in a central one.
 */
function header(size: number, signature: number, at: number, data: Buffer, nameLength: number): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.writeUInt32LE(signature, 0);
  bytes.writeUInt16LE(DOS_DATE_1980_01_01, at);
  bytes.writeUInt32LE(crc32(data), at + 2);
  bytes.writeUInt32LE(data.length, at + 6); // stored: compressed size = size
  bytes.writeUInt32LE(data.length, at + 10);
  bytes.writeUInt16LE(nameLength, at + 14);
  return bytes;
}

export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, mode = 0o644 } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const local = header(30, 0x04034b50, 12, data, fileName.length);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    const central = header(46, 0x02014b50, 14, data, fileName.length);
    central.writeUInt16LE(MADE_BY_UNIX, 4);
    central.writeUInt16LE(VERSION_NEEDED, 6);
    central.writeUInt32LE(((0o100000 | mode) << 16) >>> 0, 38); // a regular file with its permissions
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
