import { crc32 } from 'node:zlib';

/** Files as tests upload them, built byte by byte. */

const bytes = (...parts: Array<string | number[] | Uint8Array>) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/** A 1×1 PNG carrying a text chunk and a time chunk. */
export function pngWithText(text = 'GPS 52.3676 N 4.9041 E') {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const idat = Buffer.from([
    0x78, 0x9c, 0x63, 0x60, 0x60, 0x60, 0xf8, 0x0f, 0x00, 0x01, 0x04, 0x01, 0x00,
  ]);
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', Buffer.from(`Comment\u0000${text}`, 'latin1')),
    pngChunk('tIME', Buffer.from([7, 234, 11, 24, 12, 0, 0])),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  );
}
