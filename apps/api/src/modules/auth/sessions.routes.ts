import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mySessionsResponseSchema,
  signedOutResponseSchema,
  type MySession,
} from '@crimsonhost/shared/sessions';
import { describeUserAgent } from '@crimsonhost/shared/user-agent';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { principalOf, type Guards } from './auth.guard';
import * as repo from './auth.repository';

const tags = ['auth'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sessionNotFound = () => new AppError('NOT_FOUND', 404, 'Session not found');

/**
 * My signed-in devices under /api/auth/sessions (issue 18 point 6): list them, sign one out, or
 * sign out all the others. A session is a refresh-token family; every call checks its family
 * (auth.guard), so a session signed out here is refused on its next call, not at its token's end.
 * Another person's session answers 404.
 */
export const sessionRoutes =
  ({ db, guards }: { db: Database; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = guards.authenticate;
    app.get(
      '/auth/sessions',
      {
        onRequest,
        schema: {
          tags,
          summary: 'My signed-in devices, the one asking marked current',
          response: { 200: mySessionsResponseSchema },
        },
      },
      async (request) => {
        const { user, sessionId } = principalOf(request);
        const rows = await repo.activeSessionsOf(db, user.id);
        const data: MySession[] = rows.map((row) => ({
          id: row.id,
          device: describeUserAgent(row.userAgent),
          ip: row.ip,
          startedAt: row.startedAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === sessionId,
        }));
        return { data };
      },
    );
    app.delete(
      '/auth/sessions/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Sign out one of my devices: its next call is refused',
          params: z.object({ id: z.string() }),
          response: { 200: signedOutResponseSchema },
        },
      },
      async (request) => {
        const { user } = principalOf(request);
        const { id } = request.params;
        if (!UUID.test(id)) throw sessionNotFound();
        if (!(await repo.isLiveFamilyOf(db, user.id, id))) throw sessionNotFound();
        await repo.revokeFamily(db, id);
        return { data: { signedOut: 1 } };
      },
    );
    app.post(
      '/auth/sessions/sign-out-others',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Sign out every device but this one',
          response: { 200: signedOutResponseSchema },
        },
      },
      async (request) => {
        const { user, sessionId } = principalOf(request);
        const others = (await repo.activeSessionsOf(db, user.id)).filter(
          (row) => row.id !== sessionId,
        );
        await repo.revokeAllForUser(db, user.id, sessionId);
        return { data: { signedOut: others.length } };
      },
    );
  };
