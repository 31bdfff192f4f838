import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AdminUser,
  adminUserDetailSchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  changeRoleRequestSchema,
  liftSuspensionRequestSchema,
  penaliseRequestSchema,
} from '@crimsonhost/shared/admin';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { AuditService } from '../audit/audit.service';
import type { AdminUsersService } from './users.service';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });
const userAnswer = { 200: dataEnvelope(adminUserSchema) };

/**
 * Users and the audit log under /api/admin (issue 15 points 3 and 7). The staff area's plugin
 * puts its guard (support or admin, with a staff sign-in) in front; actions add admin only.
 */
export const adminUsersRoutes =
  ({
    guards,
    users,
    audit,
  }: {
    guards: Guards;
    users: AdminUsersService;
    audit: AuditService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const adminOnly = guards.requireAdmin;

    app.get(
      '/users',
      {
        schema: {
          tags,
          summary: 'Find accounts by e-mail, name or id, role and status',
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersPageSchema },
        },
      },
      async (request) => users.search(request.query),
    );

    app.get(
      '/users/:id',
      {
        schema: {
          tags,
          summary:
            'An account with its penalties, sign-ins, sessions, balances, rentals, transactions and tickets',
          params: idParams,
          response: { 200: dataEnvelope(adminUserDetailSchema) },
        },
      },
      async (request) => ({ data: await users.detail(request.params.id) }),
    );

    app.post(
      '/users/:id/role',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Change the role of an account',
          params: idParams,
          body: changeRoleRequestSchema,
          response: userAnswer,
        },
      },
      async (request) => ({
        data: await users.changeRole(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body.role,
          request.body.reason,
        ),
      }),
    );

    app.post(
      '/users/:id/penalties',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Give a penalty: a warning, a suspension for 24 hours or 7 days, or a ban',
          params: idParams,
          body: penaliseRequestSchema,
          response: userAnswer,
        },
      },
      async (request) => ({
        data: await users.penalise(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body.penalty,
          request.body.reason,
        ),
      }),
    );

    app.post(
      '/users/:id/lift',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Lift a suspension or a ban',
          params: idParams,
          body: liftSuspensionRequestSchema,
          response: userAnswer,
        },
      },
      async (request) => ({
        data: await users.lift(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body.reason,
        ),
      }),
    );

    type PlainAction = (
      principal: ReturnType<typeof principalOf>,
      meta: ReturnType<typeof requestMetaOf>,
      id: string,
    ) => Promise<AdminUser>;
    const plainAction = (path: string, summary: string, act: PlainAction) =>
      app.post(
        `/users/:id/${path}`,
        {
          onRequest: adminOnly,
          schema: {
            tags,
            summary,
            params: idParams,
            body: z.object({}).optional(),
            response: userAnswer,
          },
        },
        async (request) => ({
          data: await act(principalOf(request), requestMetaOf(request), request.params.id),
        }),
      );
    plainAction('unlock', 'Forget the failed sign-ins that slow the account down', (...args) =>
      users.unlock(...args),
    );
    plainAction('sign-out', 'End every session of the account', (...args) =>
      users.signOutEverywhere(...args),
    );
    plainAction('password-reset', 'Mail the account a password-reset link', (...args) =>
      users.sendPasswordReset(...args),
    );
    plainAction(
      'staff-factor/reset',
      "Forget a staff member's two-step verification: the next staff sign-in sets it up again",
      (...args) => users.resetStaffFactor(...args),
    );

    app.get(
      '/audit',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'The audit log, newest first: staff actions and security events',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => audit.list(request.query),
    );
  };
