import {
  LISTING_IMAGE_MAX_BYTES,
  LISTING_IMAGE_MAX_SIDE,
} from '@crimsonhost/shared/vendor-listings';
import { AppError } from '../../lib/errors';

/** What a listing's image is once the API has made it: WebP, at most 1280 px on its longest side. */
export interface ListingImage {
  contentType: 'image/webp';
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decoding stops at this many pixels: a small file can claim a huge canvas (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * sharp (libvips and its thread pool) costs an idle instance about 22 MB of resident memory, and
 * only a vendor uploading a listing image needs it: it loads on the first upload.
 */
const importSharp = async () => (await import('sharp')).default;
let loadingSharp: ReturnType<typeof importSharp> | undefined;
const loadSharp = () => (loadingSharp ??= importSharp());

const refused = (message: string) => new AppError('IMAGE_REFUSED', 415, message);

/** The image kind by its first bytes; the name and the type the browser claimed are not read. */
function kindOf(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  const at = (offset: number, signature: number[]) =>
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

/**
 * Checks an upload is a PNG, JPEG or WebP image by its content, then re-encodes it: turned
 * upright by its orientation tag, shrunk to fit 1280 px, metadata (camera, GPS) dropped, WebP.
 * Re-encoding also means the bytes served are ones the API wrote, never the upload's.
 */
export async function listingImage(bytes: Uint8Array): Promise<ListingImage> {
  if (bytes.byteLength === 0) throw new AppError('EMPTY_FILE', 400, 'The image file is empty.');
  if (bytes.byteLength > LISTING_IMAGE_MAX_BYTES) {
    throw new AppError(
      'FILE_TOO_LARGE',
      413,
      `The image is larger than ${LISTING_IMAGE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`,
    );
  }
  const kind = kindOf(bytes);
  if (kind === null) {
    throw refused('This file is not a PNG, JPEG or WebP image. Choose a picture in one of those.');
  }
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: false,
    })
      .rotate()
      .resize({
        width: LISTING_IMAGE_MAX_SIDE,
        height: LISTING_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      data: new Uint8Array(data),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw refused('This image has too many pixels. Choose one under 40 megapixels.');
    }
    throw refused(
      `This file starts like a ${kind.toUpperCase()} image but cannot be read. It may be damaged: save it again and retry.`,
    );
  }
}
