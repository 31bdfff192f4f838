import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ClientKind, Role } from '@crimsonhost/shared/constants';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repository';
import type { UserRow } from './auth.repository';
import { assertCanSignIn } from './session.service';
import type { TokenService } from './tokens';

export interface Principal {
  user: UserRow;
  sessionId: string;
  clientKind: ClientKind;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const unauthorized = () => new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');

/**
 * Marks a guard with who it lets through, so routes that run one too late can be found when they
 * are registered and the API document can say who may call each route.
 */
const GUARD = Symbol('guard');
/** Who a guard lets through: any signed-in account, or these roles. */
export type GuardAudience = 'any account' | readonly Role[];
type Guard = ((request: FastifyRequest) => Promise<void>) & { [GUARD]?: GuardAudience };
const asGuard = (guard: Guard, audience: GuardAudience): Guard =>
  Object.assign(guard, { [GUARD]: audience });

/** The audience of the guards among a route's onRequest hooks, or null for a public route. */
export function audienceOfHooks(hooks: unknown): GuardAudience | null {
  const list = Array.isArray(hooks) ? (hooks as unknown[]) : [hooks];
  for (const hook of list) {
    if (typeof hook === 'function' && GUARD in hook) return (hook as Guard)[GUARD]!;
  }
  return null;
}

/**
 * The guards every module uses: `authenticate` for any signed-in user, `requireRole` for one role
 * or any of several. The user is read afresh on each request, so a suspension, a ban or a
 * sign-out everywhere takes effect at once rather than when the access token expires.
 */
/** Whether a staff sign-in (the second factor of the staff area) is alive for a session. */
export interface StaffSignIns {
  isSignedIn(sessionId: string, kind: 'ADMIN' | 'SUPPORT'): Promise<boolean>;
}

/** Who the staff area's API (everything under /api/admin) lets through. */
export const STAFF_ROLES = ['support', 'admin'] as const satisfies readonly Role[];
const ADMIN_ONLY = ['admin'] as const satisfies readonly Role[];

export function createGuards(db: Database, tokens: TokenService, staffSignIns: StaffSignIns) {
  const authenticate = asGuard(async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    const claims = await tokens.verifyAccess(match[1]!);
    if (!claims) throw unauthorized();
    const found = await repo.findSessionUser(db, claims.userId, claims.sessionId);
    if (!found || found.revoked) throw unauthorized();
    assertCanSignIn(found.user);
    request.principal = {
      user: found.user,
      sessionId: claims.sessionId,
      clientKind: claims.clientKind,
    };
  }, 'any account');

  function requireRole(...roles: [Role, ...Role[]]) {
    return asGuard(async (request: FastifyRequest) => {
      await authenticate(request);
      if (!roles.includes(request.principal!.user.role as Role)) {
        throw new AppError('FORBIDDEN', 403, 'Your account does not have access to this');
      }
    }, roles);
  }

  /**
   * The staff area's guard: a support or admin account, with a token issued to the staff area
   * (client kind SUPPORT for support, ADMIN for admin). A storefront token of the same person is
   * refused, so a token taken from the storefront does not open the desk.
   */
  const requireStaffClient = asGuard(async (request: FastifyRequest) => {
    await requireRole('support', 'admin')(request);
    const { user, clientKind } = request.principal!;
    const kind = staffClientKind(user.role as Role);
    if (!kind || clientKind !== kind) {
      throw new AppError(
        'STAFF_CLIENT_REQUIRED',
        403,
        'Open the staff area to do this: its sign-in is separate from the storefront',
      );
    }
    // The staff sign-in behind the token ends after its idle timeout, whatever the token's life.
    if (!(await staffSignIns.isSignedIn(request.principal!.sessionId, kind))) {
      throw new AppError(
        'STAFF_SIGN_IN_REQUIRED',
        403,
        'Your staff sign-in ended after a while without activity. Enter a code from your authenticator app to go on.',
      );
    }
  }, STAFF_ROLES);

  /** Admin only, behind `requireStaffClient` (which has signed the caller in). */
  const requireAdmin = asGuard(async (request: FastifyRequest) => {
    if (principalOf(request).user.role !== 'admin') {
      throw new AppError('FORBIDDEN', 403, 'Your account does not have access to this');
    }
  }, ADMIN_ONLY);

  return { authenticate, requireRole, requireStaffClient, requireAdmin };
}

/** The client kind of the staff area for a role, or null for roles without one. */
export function staffClientKind(role: Role): Exclude<ClientKind, 'WEB'> | null {
  if (role === 'admin') return 'ADMIN';
  if (role === 'support') return 'SUPPORT';
  return null;
}

export type Guards = ReturnType<typeof createGuards>;

const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;

/**
 * Guards run in `onRequest`, before the body is read and validated: a visitor gets 401 on a
 * protected route whatever it sends, and nobody learns a route's validation rules without
 * signing in. A route that puts a guard in a later hook fails at start-up rather than in review.
 */
export function requireGuardsFirst(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const hook of LATE_HOOKS) {
      const value: unknown = route[hook];
      const handlers = Array.isArray(value) ? (value as unknown[]) : [value];
      if (handlers.some((h) => audienceOfHooks(h) !== null)) {
        throw new Error(
          `${route.method.toString()} ${route.url}: a guard in ${hook} runs after validation; use onRequest`,
        );
      }
    }
  });
}

/** The signed-in principal of a request that passed a guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
