import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@crimsonhost/shared/auth';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP), as every authenticator app makes
 * them: HMAC-SHA1, 30-second steps, 6 digits. Pure functions: the caller says what time it is.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form authenticator apps take a secret in. */
export function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function fromBase32(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** A new secret: 160 bits, the size RFC 4226 recommends for HMAC-SHA1. */
export function newTotpSecret(): string {
  return toBase32(randomBytes(20));
}

/** The 30-second step a time falls in. */
export const stepOf = (time: Date) => Math.floor(time.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** RFC 4226 HOTP of a counter, `digits` long (dynamic truncation). */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const binary =
    ((mac[offset]! & 0x7f) << 24) |
    (mac[offset + 1]! << 16) |
    (mac[offset + 2]! << 8) |
    mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an app shows at `time` for a base32 secret. */
export const totpAt = (secretBase32: string, time: Date) =>
  hotp(fromBase32(secretBase32), stepOf(time));

/**
 * The step a code was made for, if it matches the current step or one step either side (a clock
 * up to 30 s off, or a code typed as it turned over); null if it matches none. Steps at or before
 * `notAfterStep` are refused: a code is good once.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  time: Date,
  notAfterStep: number | null = null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = fromBase32(secretBase32);
  const now = stepOf(time);
  for (const step of [now - 1, now, now + 1]) {
    if (notAfterStep !== null && step <= notAfterStep) continue;
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function otpauthUri(secretBase32: string, account: string, issuer = 'CrimsonHost') {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
