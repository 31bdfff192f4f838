import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { CLIENT_KINDS, type ClientKind, type Role } from '@crimsonhost/shared/constants';

export interface AccessClaims {
  userId: string;
  role: Role;
  /** The refresh-token family (sign-in) this access token belongs to. */
  sessionId: string;
  /** The app it was issued to: WEB (the storefront), or SUPPORT and ADMIN (the staff area). */
  clientKind: ClientKind;
}

const ISSUER = 'crimsonhost';

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly secret: string,
    readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, sid: claims.sessionId, ck: claims.clientKind })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired access token, or null. */
  /**
   * The claims of a valid access token, or null. `acceptExpiredForSeconds` lets a token that
   * expired within that time through: logout uses it, so a session ended after a long sleep is
   * still revoked on the server.
   */
  async verifyAccess(token: string, acceptExpiredForSeconds = 0): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        clockTolerance: acceptExpiredForSeconds,
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const clientKind = (CLIENT_KINDS as readonly unknown[]).includes(payload.ck)
        ? (payload.ck as ClientKind)
        : 'WEB';
      return {
        userId: payload.sub,
        role: payload.role as Role,
        sessionId: payload.sid,
        clientKind,
      };
    } catch {
      return null;
    }
  }

  /** A keyed digest for values that must be checked without being stored (CSRF tokens). */
  sign(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }

  verifySignature(value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** An unguessable opaque token (refresh tokens, reset links, link requests). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Opaque tokens are stored as SHA-256: they carry 256 bits, so a plain digest is enough. */
export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'K7QP-M2XD-9RTF': 60 bits from an alphabet without look-alike characters. */
export function recoveryCode(): string {
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return [0, 4, 8].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

export function normaliseRecoveryCode(code: string): string {
  const compact = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.length === 12
    ? `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`
    : compact;
}
