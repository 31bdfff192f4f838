import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptPanelKey,
  deriveKey,
  encryptPanelKey,
  PanelKeyError,
} from '../../src/modules/panels/panel-crypto';

const secret = 'a-server-secret-that-is-at-least-32-characters';
const apiKey = 'ptlc_AbCdEfGhIjK0123456789abcdefghijklmnopqrstuv';

/** Flips one bit of one base64url part of `iv.tag.ciphertext`. */
function tamper(encoded: string, part: 0 | 1 | 2): string {
  const parts = encoded.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('panel key encryption', () => {
  it('derives the same 32-byte key from the same secret, another from another', () => {
    const key = deriveKey(secret);
    expect(key).toHaveLength(32);
    expect(Buffer.from(deriveKey(secret)).equals(Buffer.from(key))).toBe(true);
    expect(Buffer.from(deriveKey(`${secret}!`)).equals(Buffer.from(key))).toBe(false);
    // Not the secret's bytes themselves.
    expect(Buffer.from(key).toString('utf8')).not.toContain(secret.slice(0, 16));
  });

  it('round-trips a key as iv.tag.ciphertext in base64url, with a fresh IV each time', () => {
    const key = deriveKey(secret);
    const first = encryptPanelKey(apiKey, key);
    const second = encryptPanelKey(apiKey, key);
    expect(first).toMatch(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(apiKey);
    expect(first).not.toContain(Buffer.from(apiKey).toString('base64url'));
    expect(decryptPanelKey(first, key)).toBe(apiKey);
    expect(decryptPanelKey(second, key)).toBe(apiKey);
    expect(decryptPanelKey(encryptPanelKey('ключ ✓', key), key)).toBe('ключ ✓');
  });

  it.each([0, 1, 2] as const)('detects a change in part %i', (part) => {
    const key = deriveKey(secret);
    const encoded = encryptPanelKey(apiKey, key);
    expect(() => decryptPanelKey(tamper(encoded, part), key)).toThrow(PanelKeyError);
  });

  it('refuses a key encrypted under another secret', () => {
    const encoded = encryptPanelKey(apiKey, deriveKey(secret));
    expect(() =>
      decryptPanelKey(encoded, deriveKey('another-secret-of-enough-length-123456')),
    ).toThrow(/cannot be decrypted/);
    expect(() => decryptPanelKey(encoded, new Uint8Array(randomBytes(32)))).toThrow(PanelKeyError);
  });

  it('refuses malformed text and keys of the wrong size', () => {
    const key = deriveKey(secret);
    for (const bad of [
      '',
      'abc',
      'a.b',
      'a.b.c.d',
      'iv!.tag.ct',
      `${'A'.repeat(16)}.${'B'.repeat(10)}.CC`,
    ]) {
      expect(() => decryptPanelKey(bad, key)).toThrow(PanelKeyError);
    }
    expect(() => encryptPanelKey(apiKey, new Uint8Array(16))).toThrow(/32 bytes/);
    expect(() => deriveKey('')).toThrow(PanelKeyError);
  });
});
