import { describe, expect, it } from 'vitest';
import { fromBase32, hotp, otpauthUri, toBase32, totpAt, verifyTotp } from './totp';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", 8-digit codes.
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it('makes the codes of RFC 6238', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(hotp(RFC_SECRET, Math.floor(seconds / 30), 8)).toBe(code);
    }
  });

  it('makes the six-digit codes of RFC 4226', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314'];
    expected.forEach((code, counter) => expect(hotp(RFC_SECRET, counter)).toBe(code));
  });

  it('reads back the base32 it writes', () => {
    const secret = toBase32(RFC_SECRET);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(Buffer.from(fromBase32(secret)).toString()).toBe('12345678901234567890');
    expect(Buffer.from(fromBase32('gezd gnbv-gy3t qojq gezd gnbv gy3t qojq')).toString()).toBe(
      '12345678901234567890',
    );
  });

  it('takes a code of this step or one either side, and none older than the last one used', () => {
    const secret = toBase32(RFC_SECRET);
    const now = new Date(1_800_000_000_000);
    const code = totpAt(secret, now);
    const step = Math.floor(1_800_000_000 / 30);
    expect(verifyTotp(secret, code, now)).toBe(step);
    expect(verifyTotp(secret, code, new Date(now.getTime() + 30_000))).toBe(step);
    expect(verifyTotp(secret, code, new Date(now.getTime() - 30_000))).toBe(step);
    expect(verifyTotp(secret, code, new Date(now.getTime() + 90_000))).toBeNull();
    expect(verifyTotp(secret, code, now, step)).toBeNull();
    expect(verifyTotp(secret, code, now, step - 1)).toBe(step);
    expect(verifyTotp(secret, '12345', now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('writes the URI authenticator apps read', () => {
    expect(otpauthUri('ABC', 'admin@crimsonhost.demo')).toBe(
      'otpauth://totp/CrimsonHost%3Aadmin%40crimsonhost.demo?secret=ABC&issuer=CrimsonHost&algorithm=SHA1&digits=6&period=30',
    );
  });
});
