import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientTokenRequestSchema,
  clientTokenSchema,
  staffEnrolConfirmRequestSchema,
  staffEnrolConfirmSchema,
  staffEnrolmentSchema,
  staffFactorStatusSchema,
} from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { z } from 'zod';
import { principalOf, type Guards } from './auth.guard';
import { requestMetaOf } from './session.service';
import type { StaffSignInService } from './staff-sign-in.service';

const tags = ['auth'];

/**
 * The staff area's sign-in (issue 15 point 1), called with the storefront's token of a support or
 * admin account: set up the second factor, then trade a code for staff-area tokens.
 */
export const staffSignInRoutes =
  ({
    guards,
    staffSignIn,
  }: {
    guards: Guards;
    staffSignIn: StaffSignInService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const staffOnly = guards.requireRole('support', 'admin');

    app.get(
      '/auth/staff/factor',
      {
        onRequest: staffOnly,
        schema: {
          tags,
          summary:
            'Whether the staff second factor is set up, and whether a staff sign-in is alive',
          response: { 200: dataEnvelope(staffFactorStatusSchema) },
        },
      },
      async (request) => ({ data: await staffSignIn.status(principalOf(request)) }),
    );

    app.post(
      '/auth/staff/factor/enrol',
      {
        onRequest: staffOnly,
        schema: {
          tags,
          summary: 'A new TOTP secret for an authenticator app (replaces one not yet confirmed)',
          body: z.object({}).optional(),
          response: { 200: dataEnvelope(staffEnrolmentSchema) },
        },
      },
      async (request) => ({ data: await staffSignIn.enrol(principalOf(request)) }),
    );

    app.post(
      '/auth/staff/factor/confirm',
      {
        onRequest: staffOnly,
        schema: {
          tags,
          summary:
            'Confirm the secret with a first code: answers the backup codes and a staff token',
          body: staffEnrolConfirmRequestSchema,
          response: { 200: dataEnvelope(staffEnrolConfirmSchema) },
        },
      },
      async (request) => ({
        data: await staffSignIn.confirm(
          principalOf(request),
          request.body.client,
          request.body.code,
          requestMetaOf(request),
        ),
      }),
    );

    app.post(
      '/auth/staff/sign-out',
      {
        onRequest: staffOnly,
        schema: {
          tags,
          summary:
            'End the staff sign-in of this session (the storefront sign-in stays): the next staff token needs a code',
          body: z.object({}).optional(),
          response: { 200: z.object({ data: z.object({ ok: z.literal(true) }) }) },
        },
      },
      async (request) => {
        await staffSignIn.signOut(principalOf(request));
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/auth/client-token',
      {
        onRequest: staffOnly,
        schema: {
          tags,
          summary:
            'An access token of this sign-in for the staff area (client kind SUPPORT or ADMIN, by role): with a code, or while a staff sign-in is alive',
          body: clientTokenRequestSchema,
          response: { 200: dataEnvelope(clientTokenSchema) },
        },
      },
      async (request) => ({
        data: await staffSignIn.clientToken(
          principalOf(request),
          request.body.client,
          request.body.code,
          requestMetaOf(request),
        ),
      }),
    );
  };
