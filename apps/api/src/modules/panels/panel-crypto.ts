import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The vendors' panel API keys, encrypted at rest with AES-256-GCM under a key derived from the
 * server's secret. Stored as `iv.tag.ciphertext`, each part base64url: a 12-byte random IV, the
 * 16-byte authentication tag, then the ciphertext. A changed byte anywhere, or another key, makes
 * decryption fail rather than answer garbage.
 */

export const PANEL_KEY_INFO = 'crimsonhost panel keys';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class PanelKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PanelKeyError';
  }
}

/**
 * The 32-byte encryption key for panel API keys: HKDF-SHA256 over the server's secret (its JWT
 * secret), info 'crimsonhost panel keys', no salt. Every instance with the same secret derives the
 * same key; the secret itself never encrypts anything directly.
 */
export function deriveKey(secret: string, info: string = PANEL_KEY_INFO): Uint8Array {
  if (secret.length === 0)
    throw new PanelKeyError('The secret to derive the panel key from is empty');
  return new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), info, KEY_BYTES));
}

function checkKey(key: Uint8Array) {
  if (key.length !== KEY_BYTES) {
    throw new PanelKeyError(
      `The panel encryption key must be ${KEY_BYTES} bytes, not ${key.length}`,
    );
  }
}

export function encryptPanelKey(plain: string, key: Uint8Array): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

/** The plain key back; throws PanelKeyError when the text is malformed, altered or from another key. */
export function decryptPanelKey(encoded: string, key: Uint8Array): string {
  checkKey(key);
  const parts = encoded.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) {
    throw new PanelKeyError('The stored panel key is not in the iv.tag.ciphertext form');
  }
  const [iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new PanelKeyError('The stored panel key has a wrong IV or tag length');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new PanelKeyError(
      'The stored panel key cannot be decrypted (altered, or encrypted with another secret)',
    );
  }
}
