import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  csrfTokenSchema,
  discordCallbackRequestSchema,
  discordLinkRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  oauthSessionSchema,
  discordLinkedSchema,
  discordLinkStartSchema,
  profileSchema,
  recoveryCodesResponseSchema,
  recoveryLoginRequestSchema,
  recoveryLoginResponseSchema,
  refreshRequestSchema,
  regenerateRecoveryCodesRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  sessionSchema,
  updateProfileRequestSchema,
  userSchema,
  verifyEmailRequestSchema,
} from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { readCookie, serializeCookie } from '../../lib/cookies';
import { issueCsrfToken } from '../../lib/csrf';
import { AppError } from '../../lib/errors';
import { principalOf, unauthorized, type Guards } from './auth.guard';
import type { AuthService } from './auth.service';
import { STATE_TTL_SECONDS, type DiscordService } from './discord.service';
import type { EmailVerificationService } from './email-verification.service';
import type { RecoveryService } from './recovery.service';
import { requestMetaOf } from './session.service';
import type { TokenService } from './tokens';

export interface AuthRouteDeps {
  auth: AuthService;
  recovery: RecoveryService;
  discord: DiscordService;
  verification: EmailVerificationService;
  guards: Guards;
  tokens: TokenService;
}

const tags = ['auth'];
const meta = requestMetaOf;
/** Binds a Discord sign-in to the browser that started it (see DiscordService.callback). */
const OAUTH_COOKIE = 'crimsonhost_oauth';
const OAUTH_COOKIE_PATH = '/api/auth/discord';
const accepted = z.object({ data: z.object({ accepted: z.literal(true) }) });
const done = z.object({ data: z.object({ ok: z.literal(true) }) });

export const authRoutes =
  ({
    auth,
    recovery,
    discord,
    verification,
    guards,
    tokens,
  }: AuthRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/csrf',
      {
        schema: {
          tags,
          summary: 'A fresh CSRF token for X-CSRF-Token',
          response: { 200: dataEnvelope(csrfTokenSchema) },
        },
      },
      async () => ({
        data: { csrfToken: issueCsrfToken(tokens) },
      }),
    );

    app.get(
      '/auth/providers',
      {
        schema: {
          tags,
          summary: 'Which sign-in methods are offered',
          response: { 200: dataEnvelope(z.object({ discord: z.boolean() })) },
        },
      },
      async () => ({ data: { discord: discord.enabled } }),
    );

    app.post(
      '/auth/register',
      {
        schema: {
          tags,
          summary: 'Create an account',
          body: registerRequestSchema,
          response: { 201: dataEnvelope(registerResponseSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await auth.register(request.body, meta(request)) }),
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary: 'Sign in with e-mail and password',
          body: loginRequestSchema,
          response: { 200: dataEnvelope(sessionSchema) },
        },
      },
      async (request) => ({ data: await auth.login(request.body, meta(request)) }),
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags,
          summary: 'Rotate the refresh token',
          body: refreshRequestSchema,
          response: { 200: dataEnvelope(sessionSchema) },
        },
      },
      async (request) => ({ data: await auth.refresh(request.body.refresh_token, meta(request)) }),
    );

    app.get(
      '/auth/profile',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: dataEnvelope(profileSchema) },
        },
      },
      async (request) => ({ data: await auth.profile(principalOf(request).user.id) }),
    );

    app.patch(
      '/auth/profile',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Change the display name',
          body: updateProfileRequestSchema,
          response: { 200: dataEnvelope(z.object({ user: userSchema })) },
        },
      },
      async (request) => ({
        data: {
          user: await auth.updateProfile(principalOf(request).user.id, request.body.displayName),
        },
      }),
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags,
          summary: 'End this sign-in (an access token that expired within 30 days is accepted)',
          response: { 200: done },
        },
      },
      async (request) => {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        const claims = match ? await tokens.verifyAccess(match[1]!, 30 * 86_400) : null;
        if (!claims) throw unauthorized();
        await auth.logout(claims.sessionId);
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/auth/logout-all',
      {
        onRequest: guards.authenticate,
        schema: { tags, summary: 'End every sign-in of this account', response: { 200: done } },
      },
      async (request) => {
        await auth.logoutEverywhere(principalOf(request).user.id);
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/auth/change-password',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Set a new password; other sessions end',
          body: changePasswordRequestSchema,
          response: { 200: done },
        },
      },
      async (request) => {
        const { user, sessionId } = principalOf(request);
        await auth.changePassword(
          user.id,
          sessionId,
          request.body.currentPassword,
          request.body.password,
        );
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/auth/recovery-codes',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Replace the recovery codes',
          body: regenerateRecoveryCodesRequestSchema,
          response: { 200: dataEnvelope(recoveryCodesResponseSchema) },
        },
      },
      async (request) => ({
        data: {
          recoveryCodes: await auth.regenerateRecoveryCodes(
            principalOf(request).user.id,
            request.body.currentPassword,
          ),
        },
      }),
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags,
          summary: 'Mail a password reset link (always 202)',
          body: forgotPasswordRequestSchema,
          response: { 202: accepted },
        },
      },
      async (request, reply) => {
        // The mail goes out after the answer, so its timing cannot tell whether the account exists.
        await recovery.forgotPassword(request.body.email, meta(request));
        return reply.code(202).send({ data: { accepted: true as const } });
      },
    );

    app.post(
      '/auth/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new password from a reset link; verifies the address, replaces the codes',
          body: resetPasswordRequestSchema,
          response: { 200: dataEnvelope(resetPasswordResponseSchema) },
        },
      },
      async (request) => ({
        data: {
          ok: true as const,
          recoveryCodes: await recovery.resetPassword(request.body.token, request.body.password),
        },
      }),
    );

    app.post(
      '/auth/verify-email',
      {
        schema: {
          tags,
          summary: 'Confirm the e-mail address with the mailed link',
          body: verifyEmailRequestSchema,
          response: { 200: done },
        },
      },
      async (request) => {
        await verification.verify(request.body.token);
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/auth/verify-email/resend',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Mail a new verification link (a few an hour)',
          response: { 202: accepted },
        },
      },
      async (request, reply) => {
        await verification.resend(principalOf(request).user.id);
        return reply.code(202).send({ data: { accepted: true as const } });
      },
    );

    app.post(
      '/auth/recovery',
      {
        schema: {
          tags,
          summary: 'Sign in with a recovery code, set a new password and get ten new codes',
          body: recoveryLoginRequestSchema,
          response: { 200: dataEnvelope(recoveryLoginResponseSchema) },
        },
      },
      async (request) => ({
        data: await recovery.recoveryLogin(
          request.body.email,
          request.body.code,
          request.body.password,
          meta(request),
        ),
      }),
    );

    app.get(
      '/auth/discord/start',
      { schema: { tags, summary: 'Redirect to Discord to sign in' } },
      async (_request, reply) => {
        const { url, browserKey } = await discord.start();
        reply.header(
          'set-cookie',
          serializeCookie(OAUTH_COOKIE, browserKey, {
            path: OAUTH_COOKIE_PATH,
            maxAgeSeconds: STATE_TTL_SECONDS,
            secure: discord.secureCookie,
          }),
        );
        return reply.redirect(url, 302);
      },
    );

    app.post(
      '/auth/discord/link-start',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Start linking Discord to my account (from /settings): where to send the browser',
          response: { 200: dataEnvelope(discordLinkStartSchema) },
        },
      },
      async (request, reply) => {
        const user = principalOf(request).user;
        if (!discord.enabled) {
          throw new AppError(
            'DISCORD_UNAVAILABLE',
            409,
            'Discord is not set up on this storefront, so it cannot be linked.',
          );
        }
        if (user.discordId) {
          throw new AppError('ALREADY_LINKED', 409, 'Discord is already linked to this account.');
        }
        const { url, browserKey } = await discord.start(user.id);
        reply.header(
          'set-cookie',
          serializeCookie(OAUTH_COOKIE, browserKey, {
            path: OAUTH_COOKIE_PATH,
            maxAgeSeconds: STATE_TTL_SECONDS,
            secure: discord.secureCookie,
          }),
        );
        return { data: { url } };
      },
    );

    app.post(
      '/auth/discord/callback',
      {
        schema: {
          tags,
          summary: 'Finish a Discord sign-in',
          body: discordCallbackRequestSchema,
          response: { 200: dataEnvelope(z.union([oauthSessionSchema, discordLinkedSchema])) },
        },
      },
      async (request, reply) => {
        // Used once, whatever the outcome: the cookie goes with the answer, error or not.
        reply.header(
          'set-cookie',
          serializeCookie(OAUTH_COOKIE, '', {
            path: OAUTH_COOKIE_PATH,
            maxAgeSeconds: 0,
            secure: discord.secureCookie,
          }),
        );
        const browserKey = readCookie(request.headers.cookie, OAUTH_COOKIE);
        return {
          data: await discord.callback(
            request.body.code,
            request.body.state,
            browserKey,
            meta(request),
          ),
        };
      },
    );

    app.post(
      '/auth/discord/link',
      {
        schema: {
          tags,
          summary: 'Link Discord to an existing account after proving its password',
          body: discordLinkRequestSchema,
          response: { 200: dataEnvelope(sessionSchema) },
        },
      },
      async (request) => ({
        data: await discord.link(request.body.linkToken, request.body.password, meta(request)),
      }),
    );
  };
