import { describe, expect, it } from 'vitest';
import { pngWithText } from '../../../test/support/files';
import { sniff, stripMetadata } from './attachment-content';

const bytes = (...parts: Array<string | number[] | Uint8Array>) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

/** A JPEG shell: APP0 JFIF, APP1 EXIF with a position, a comment, then the scan. */
function jpegWithExif() {
  const segment = (marker: number, payload: string) => {
    const data = Buffer.from(payload, 'latin1');
    return bytes([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff], data);
  };
  return bytes(
    [0xff, 0xd8],
    segment(0xe0, 'JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000'),
    segment(0xe1, 'Exif\u0000\u0000GPSLatitude 52.3676'),
    segment(0xfe, 'taken at home'),
    segment(0xdb, 'quantisation tables'),
    [0xff, 0xda, 0x00, 0x04, 0x01, 0x02, 0x11, 0x22, 0x33, 0xff, 0xd9],
  );
}

describe('deciding what a file is by its content', () => {
  it.each([
    ['screenshot.png', pngWithText(), 'png'],
    ['photo.JPG', jpegWithExif(), 'jpeg'],
    ['anim.gif', bytes('GIF89a', [1, 0, 1, 0]), 'gif'],
    ['invoice.pdf', bytes('%PDF-1.7\n%...'), 'pdf'],
    ['logs.zip', bytes([0x50, 0x4b, 0x03, 0x04], 'rest'), 'zip'],
    ['server.log', bytes('[12:00:01] INFO Server started\n[12:00:02] WARN a < b\n'), 'text'],
    ['notes.txt', bytes([0xef, 0xbb, 0xbf], 'plain words'), 'text'],
    ['frame.webp', bytes('RIFF', [4, 0, 0, 0], 'WEBP'), 'webp'],
  ])('accepts %s', (name, content, kind) => {
    expect(sniff(content, name)).toEqual({ ok: true, kind });
  });

  it('refuses an SVG with a script, HTML, and HTML renamed .png', () => {
    const svg = sniff(
      bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'chart.svg',
    );
    expect(svg).toEqual({ ok: false, reason: expect.stringMatching(/HTML or SVG/) });
    expect(sniff(bytes('<?xml version="1.0"?><svg/>'), 'a.txt').ok).toBe(false);
    expect(sniff(bytes('<!DOCTYPE html><p>hi'), 'page.html').ok).toBe(false);
    const renamed = sniff(bytes('<html><body onload="steal()">'), 'screenshot.png');
    expect(renamed).toEqual({ ok: false, reason: expect.stringMatching(/HTML or SVG/) });
  });

  it('refuses programs and scripts whatever they are called', () => {
    for (const [name, content] of [
      ['setup.png', bytes('MZ', [0x90, 0, 3])],
      ['tool.txt', bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1])],
      ['fix.log', bytes('#!/bin/sh\nrm -rf /\n')],
    ] as const) {
      expect(sniff(content, name)).toEqual({
        ok: false,
        reason: expect.stringMatching(/Programs cannot be attached/),
      });
    }
  });

  it('refuses a name that does not match the content, and unknown binary files', () => {
    expect(sniff(pngWithText(), 'picture.jpg')).toEqual({
      ok: false,
      reason:
        'picture.jpg is a PNG image, but its name says otherwise. Rename it to .png and attach it again.',
    });
    expect(sniff(bytes([0, 1, 2, 3, 0xff, 0xfe]), 'data.bin').ok).toBe(false);
  });
});

describe('taking metadata out of images', () => {
  it('drops PNG text and time chunks and keeps the picture', () => {
    const stripped = Buffer.from(stripMetadata('png', pngWithText()));
    expect(stripped.includes('GPS 52.3676')).toBe(false);
    expect(stripped.includes('tIME')).toBe(false);
    for (const chunk of ['IHDR', 'IDAT', 'IEND']) expect(stripped.includes(chunk)).toBe(true);
    expect(sniff(stripped, 'a.png')).toEqual({ ok: true, kind: 'png' });
  });

  it('drops JPEG EXIF and comments and keeps the tables and the scan', () => {
    const original = jpegWithExif();
    const stripped = Buffer.from(stripMetadata('jpeg', original));
    expect(stripped.includes('GPSLatitude')).toBe(false);
    expect(stripped.includes('taken at home')).toBe(false);
    expect(stripped.includes('JFIF')).toBe(true);
    expect(stripped.includes('quantisation tables')).toBe(true);
    expect(stripped.subarray(-11)).toEqual(original.subarray(-11));
  });

  it('drops WebP EXIF and XMP chunks and fixes the sizes and flags', () => {
    const chunk = (type: string, data: Buffer) => {
      const size = Buffer.alloc(4);
      size.writeUInt32LE(data.length);
      return Buffer.concat([
        Buffer.from(type, 'latin1'),
        size,
        data,
        data.length % 2 ? Buffer.from([0]) : Buffer.alloc(0),
      ]);
    };
    const body = Buffer.concat([
      Buffer.from('WEBP', 'latin1'),
      chunk('VP8X', Buffer.from([0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
      chunk('VP8 ', Buffer.from('picture-data', 'latin1')),
      chunk('EXIF', Buffer.from('GPS here', 'latin1')),
      chunk('XMP ', Buffer.from('<x:xmpmeta/>', 'latin1')),
    ]);
    const size = Buffer.alloc(4);
    size.writeUInt32LE(body.length);
    const stripped = Buffer.from(
      stripMetadata('webp', Buffer.concat([Buffer.from('RIFF'), size, body])),
    );
    expect(stripped.includes('GPS here')).toBe(false);
    expect(stripped.includes('xmpmeta')).toBe(false);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped[20]! & 0x0c).toBe(0);
    expect(stripped.includes('picture-data')).toBe(true);
  });
});
