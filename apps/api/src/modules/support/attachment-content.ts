/**
 * What an uploaded file really is, decided by its bytes and never by its name or the type the
 * browser claimed, and the image metadata (camera, GPS position, editing software) taken out
 * before it is kept. Issue 14 point 10: png, jpeg, webp, gif, pdf, plain text and logs, zip;
 * SVG, HTML and anything executable refused with a sentence a person understands.
 */

export const ATTACHMENT_TYPES = {
  png: { contentType: 'image/png', extensions: ['png'], label: 'a PNG image' },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'a JPEG image' },
  webp: { contentType: 'image/webp', extensions: ['webp'], label: 'a WebP image' },
  gif: { contentType: 'image/gif', extensions: ['gif'], label: 'a GIF image' },
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], label: 'a PDF document' },
  zip: { contentType: 'application/zip', extensions: ['zip'], label: 'a zip archive' },
  text: {
    contentType: 'text/plain; charset=utf-8',
    extensions: ['txt', 'log'],
    label: 'a text file',
  },
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_TYPES;

export type Sniffed = { ok: true; kind: AttachmentKind } | { ok: false; reason: string };

const ALLOWED = 'PNG, JPEG, WebP or GIF images, PDF documents, text or log files, and zip archives';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The kind of a file by its first bytes, or why it is refused. */
export function sniff(bytes: Uint8Array, name: string): Sniffed {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const kind = kindByContent(bytes);
  if (kind === 'executable') {
    return { ok: false, reason: `${name} is a program or script. Programs cannot be attached.` };
  }
  if (kind === 'markup') {
    return {
      ok: false,
      reason: `${name} holds HTML or SVG, which can run code in a browser. Attach a screenshot (PNG or JPEG) or a PDF instead.`,
    };
  }
  if (kind === null) {
    return { ok: false, reason: `${name} is not a kind of file we accept. Attach ${ALLOWED}.` };
  }
  const type = ATTACHMENT_TYPES[kind];
  if (!(type.extensions as readonly string[]).includes(extension)) {
    return {
      ok: false,
      reason: `${name} is ${type.label}, but its name says otherwise. Rename it to .${type.extensions[0]} and attach it again.`,
    };
  }
  return { ok: true, kind };
}

function kindByContent(bytes: Uint8Array): AttachmentKind | 'executable' | 'markup' | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return 'zip';
  }
  // Windows (MZ), Linux (ELF), macOS (Mach-O, both orders and fat), Java class, WebAssembly.
  const executables = [
    ascii('MZ'),
    [0x7f, 0x45, 0x4c, 0x46],
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
    [0x00, 0x61, 0x73, 0x6d],
  ];
  if (executables.some((signature) => startsWith(bytes, signature))) return 'executable';
  const text = readText(bytes);
  if (text === null) return null;
  if (text.startsWith('#!')) return 'executable';
  if (looksLikeMarkup(text)) return 'markup';
  return 'text';
}

/** The file as UTF-8 text, or null when it is not text (invalid UTF-8, NUL bytes). */
function readText(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text.replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/**
 * Text a browser could render as a page or an image with scripts: a document that opens with a
 * tag, a doctype, a comment or an XML declaration, or one that holds an SVG, HTML or script tag
 * near its start. A log that merely mentions `a < b` stays text.
 */
function looksLikeMarkup(text: string): boolean {
  const head = text.slice(0, 1024).trimStart().toLowerCase();
  if (head.startsWith('<?xml') || head.startsWith('<!doctype') || head.startsWith('<!--'))
    return true;
  if (/^<[a-z][a-z0-9-]*[\s/>]/.test(head)) return true;
  return /<(svg|html|head|body|script|iframe|object|embed)[\s/>]/.test(head);
}

// ---------------------------------------------------------------------------------------------
// Metadata

/**
 * The image without its metadata: JPEG APP1–APP15 segments (EXIF, XMP, ICC, maker notes) and
 * comments; PNG text, time and EXIF chunks; WebP EXIF and XMP chunks. Everything that draws the
 * picture is kept byte for byte. Other kinds pass through.
 */
export function stripMetadata(kind: AttachmentKind, bytes: Uint8Array): Uint8Array {
  switch (kind) {
    case 'jpeg':
      return stripJpeg(bytes);
    case 'png':
      return stripPng(bytes);
    case 'webp':
      return stripWebp(bytes);
    case 'gif':
    case 'pdf':
    case 'zip':
    case 'text':
      return bytes;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // Start of scan: the picture data follows to the end.
    if (marker === 0xda) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const end = at + 2 + length;
    if (end > bytes.length) break;
    // APP0 (JFIF) stays; APP1-APP15 and comments (COM) go. APP14 (Adobe) tells how colours are
    // stored in some CMYK files, so it stays too.
    const metadata = (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe;
    if (!metadata) parts.push(bytes.subarray(at, end));
    at = end;
  }
  parts.push(bytes.subarray(at));
  return concat(parts);
}

const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length =
      ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (end > bytes.length) break;
    if (!PNG_METADATA.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
  }
  parts.push(bytes.subarray(at));
  return concat(parts);
}

function stripWebp(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size =
      (bytes[at + 4]! | (bytes[at + 5]! << 8) | (bytes[at + 6]! << 16) | (bytes[at + 7]! << 24)) >>>
      0;
    const end = Math.min(bytes.length, at + 8 + size + (size % 2));
    if (type !== 'EXIF' && type !== 'XMP ') {
      const chunk = bytes.slice(at, end);
      // The extended header says which chunks follow: clear its EXIF (0x08) and XMP (0x04) flags.
      if (type === 'VP8X' && chunk.length > 8) chunk[8] = chunk[8]! & ~0x0c;
      parts.push(chunk);
    }
    at = end;
  }
  const body = concat(parts);
  const header = bytes.slice(0, 12);
  const riffSize = body.length + 4;
  header.set(
    [riffSize & 0xff, (riffSize >> 8) & 0xff, (riffSize >> 16) & 0xff, (riffSize >>> 24) & 0xff],
    4,
  );
  return concat([header, body]);
}
