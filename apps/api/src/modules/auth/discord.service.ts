import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import type { AuditService } from '../audit/audit.service';
import { enqueueMail, paragraphMail } from '../../lib/mail-outbox';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { displayNameSchema } from '@crimsonhost/shared/auth';
import { stripUnsafeText } from '@crimsonhost/shared/text';
import * as repo from './auth.repository';
import { checkAccountPassword, newRecoveryCodes } from './auth.service';
import { assertEmailVerified, claimAddress } from './email-verification.service';
import { assertCanSignIn, type RequestMeta, type SessionIssuer } from './session.service';
import { digest, randomToken } from './tokens';

export interface DiscordConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  /** e.g. https://discord.com/api/v10: the token endpoint and /users/@me live under it. */
  apiUrl: string;
  redirectUri: string;
}

interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
}

/** How long a started sign-in, and the cookie that binds it to its browser, stays usable. */
export const STATE_TTL_SECONDS = 10 * 60;
const STATE_TTL_MS = STATE_TTL_SECONDS * 1000;
const LINK_TTL_MS = 10 * 60_000;
const unavailable = () =>
  new AppError(
    'DISCORD_UNAVAILABLE',
    503,
    'Sign-in with Discord is not set up on this storefront.',
  );

/**
 * Discord's 429: `retry_after` (seconds, a float) in the body `{ message, retry_after, global }`,
 * else the `Retry-After` header; whole seconds, at most an hour, null when it named none.
 */
async function retryAfterSeconds(response: Response): Promise<number | null> {
  const body = (await response.json().catch(() => null)) as { retry_after?: unknown } | null;
  const header = Number(response.headers.get('retry-after'));
  const seconds = typeof body?.retry_after === 'number' ? body.retry_after : header;
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(3600, Math.ceil(seconds)) : null;
}

function discordBusy(seconds: number | null): AppError {
  return new AppError(
    'DISCORD_BUSY',
    503,
    'Discord is limiting sign-ins right now. Please wait a little and sign in with Discord again.',
    seconds === null ? undefined : { retryAfterSeconds: seconds },
    seconds === null ? undefined : { 'Retry-After': String(seconds) },
  );
}

export class DiscordService {
  private readonly client: OAuth2Client | null;

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionIssuer,
    private readonly config: DiscordConfig | null,
    /** Records a link made from /settings (the audit log of security events). */
    private readonly audit?: AuditService,
  ) {
    this.client = config
      ? new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri)
      : null;
  }

  get enabled() {
    return this.client !== null;
  }

  /** Whether the browser-binding cookie must be Secure: the storefront is served over https. */
  get secureCookie() {
    return this.config?.redirectUri.startsWith('https://') ?? false;
  }

  /**
   * The Discord authorisation URL, with a state and a PKCE verifier kept in the database, and the
   * browser key: a random value the starting browser keeps (only its digest is stored), without
   * which the callback is refused.
   */
  async start(linkUserId?: string): Promise<{ url: string; browserKey: string }> {
    if (!this.client || !this.config) throw unavailable();
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const browserKey = randomToken();
    await repo.insertOauthState(this.db, {
      state,
      provider: 'discord',
      codeVerifier,
      browserHash: digest(browserKey),
      linkUserId: linkUserId ?? null,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    const url = this.client
      .createAuthorizationURLWithPKCE(
        this.config.authorizeUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['identify', 'email'],
      )
      .toString();
    return { url, browserKey };
  }

  private async fetchDiscordUser(code: string, codeVerifier: string): Promise<DiscordUser> {
    if (!this.client || !this.config) throw unavailable();
    const failed = () =>
      new AppError('DISCORD_FAILED', 502, 'Discord did not confirm the sign-in. Please try again.');
    let accessToken: string;
    try {
      const tokens = await this.client.validateAuthorizationCode(
        `${this.config.apiUrl}/oauth2/token`,
        code,
        codeVerifier,
      );
      accessToken = tokens.accessToken();
    } catch (error) {
      // Discord rate limits the OAuth flow for a whole application at times
      // (discord/discord-api-docs#6642); the library keeps only the status of that answer.
      if ((error as { status?: unknown } | null)?.status === 429) throw discordBusy(null);
      throw failed();
    }
    const response = await fetch(`${this.config.apiUrl}/users/@me`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(8000),
    }).catch(() => null);
    if (response?.status === 429) throw discordBusy(await retryAfterSeconds(response));
    if (!response?.ok) throw failed();
    const body = (await response.json()) as DiscordUser;
    if (!body.id) throw failed();
    return body;
  }

  /**
   * Finishes the sign-in. A known Discord id signs in; a new e-mail makes an account; a verified
   * e-mail that belongs to a verified local account is linked only after its password is proven.
   * Discord's verified e-mail proves the mailbox, so it takes an address that only unverified
   * registrations name (decision 015).
   */
  async callback(code: string, state: string, browserKey: string | undefined, meta: RequestMeta) {
    // Someone else's callback link opened in this browser would sign it in to their account
    // (login CSRF): the state is taken only with the key of the browser that started it.
    const saved = browserKey
      ? await repo.consumeOauthState(this.db, state, 'discord', digest(browserKey))
      : undefined;
    if (!saved && (await repo.oauthStateExists(this.db, state, 'discord'))) {
      throw new AppError(
        'OAUTH_BROWSER_MISMATCH',
        400,
        'This sign-in was started in another browser, or too long ago. Start it again here.',
      );
    }
    if (!saved) {
      throw new AppError(
        'OAUTH_STATE_INVALID',
        400,
        'This sign-in link has expired. Start again from the login page.',
      );
    }
    const discordUser = await this.fetchDiscordUser(code, saved.codeVerifier);
    if (saved.linkUserId) return this.linkToAccount(saved.linkUserId, discordUser, meta);

    const linked = await repo.findUserByDiscordId(this.db, discordUser.id);
    if (linked) {
      assertCanSignIn(linked);
      return this.db.transaction(async (tx) => {
        await repo.recordLogin(tx, linked.id);
        return this.sessions.session(tx, linked, meta, 'discord');
      });
    }
    if (!discordUser.email) {
      throw new AppError(
        'DISCORD_EMAIL_MISSING',
        422,
        'Your Discord account has no e-mail address. Add one on Discord, or register with e-mail.',
      );
    }
    const existing = await repo.findUserByEmail(this.db, discordUser.email);
    if (existing?.emailVerifiedAt) {
      if (!discordUser.verified) {
        throw new AppError(
          'EMAIL_TAKEN',
          409,
          'An account with this e-mail already exists. Sign in with your password; you can link Discord after verifying the e-mail on Discord.',
        );
      }
      const linkToken = randomToken();
      await repo.insertPendingLink(this.db, {
        tokenHash: digest(linkToken),
        userId: existing.id,
        provider: 'discord',
        providerUserId: discordUser.id,
        expiresAt: new Date(Date.now() + LINK_TTL_MS),
      });
      throw new AppError(
        'LINK_REQUIRED',
        409,
        'An account with this e-mail already exists. Enter its password to link your Discord account.',
        { linkToken, email: existing.email },
      );
    }
    if (!discordUser.verified) {
      throw new AppError(
        'DISCORD_EMAIL_UNVERIFIED',
        422,
        'Verify your e-mail address on Discord first, then try again.',
      );
    }
    return this.db.transaction(async (tx) => {
      await repo.lockAddress(tx, discordUser.email!);
      const user = await repo.insertUser(tx, {
        email: discordUser.email!,
        displayName: discordDisplayName(discordUser),
        authProvider: 'discord',
        discordId: discordUser.id,
        lastLoginAt: new Date(),
        emailVerifiedAt: new Date(),
      });
      if (!(await claimAddress(tx, user))) {
        throw new AppError(
          'EMAIL_TAKEN',
          409,
          'An account with this e-mail already exists. Sign in with Discord again to link it.',
        );
      }
      const recoveryCodes = await newRecoveryCodes(tx, user.id);
      return { ...(await this.sessions.session(tx, user, meta, 'discord')), recoveryCodes };
    });
  }

  /**
   * Finishes linking started from /settings by a signed-in account (the state names it): the
   * Discord identity is linked to that account unless another account has it, in the audit log
   * and with a security mail. Nobody is signed in or out.
   */
  private async linkToAccount(
    userId: string,
    discordUser: DiscordUser,
    meta: RequestMeta,
  ): Promise<{ linked: { provider: 'discord'; username: string } }> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.deletedAt) {
      throw new AppError('OAUTH_STATE_INVALID', 400, 'This link request has expired.');
    }
    const holder = await repo.findUserByDiscordId(this.db, discordUser.id);
    if (holder && holder.id !== user.id) {
      throw new AppError(
        'DISCORD_IN_USE',
        409,
        'This Discord account is already linked to another CrimsonHost account. Unlink it there first, or sign in with Discord to use that account.',
      );
    }
    const username = discordDisplayName(discordUser);
    if (holder) return { linked: { provider: 'discord', username } };
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { discordId: discordUser.id });
      await this.audit?.record(
        tx,
        { user, clientKind: null, ip: meta.ip },
        {
          action: 'user.discord_linked',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.email,
        },
      );
      await enqueueMail(
        tx,
        paragraphMail({
          to: user.email,
          subject: 'Discord was linked to your CrimsonHost account',
          paragraphs: [
            `Hello ${user.displayName},`,
            `The Discord account ${username} was linked to your CrimsonHost account just now: it can sign in to it from now on.`,
            'If this was not you, unlink it in Settings, change your password at once and write to support.',
          ],
          kind: 'security-discord-linked',
        }),
      );
    });
    return { linked: { provider: 'discord', username } };
  }

  /** Links the waiting Discord identity once the account's password is proven, and signs in. */
  async link(linkToken: string, password: string, meta: RequestMeta) {
    const invalid = () =>
      new AppError(
        'LINK_INVALID',
        400,
        'This link request has expired. Sign in with Discord again.',
      );
    const pending = await repo.findPendingLink(this.db, digest(linkToken));
    if (!pending) throw invalid();
    const user = await repo.findUserById(this.db, pending.userId);
    if (!user || !(await checkAccountPassword(this.db, user, password))) {
      throw new AppError('WRONG_PASSWORD', 400, 'Incorrect password', {
        fields: [{ field: 'password', message: 'Incorrect password' }],
      });
    }
    assertCanSignIn(user);
    assertEmailVerified(user);
    return this.db.transaction(async (tx) => {
      if (!(await repo.consumePendingLink(tx, digest(linkToken)))) throw invalid();
      const updated = await repo.updateUser(tx, user.id, { discordId: pending.providerUserId });
      await repo.recordLogin(tx, user.id);
      return this.sessions.session(tx, updated!, meta, 'discord');
    });
  }
}

/**
 * A display name from Discord's profile, held to the same rules as one typed here: Discord's
 * names may carry direction overrides, invisible characters or be a single letter. The global
 * name is tried first, then the username, then a neutral name; cut at 40 characters, not units.
 */
export function discordDisplayName(profile: { username: string; global_name?: string | null }) {
  for (const candidate of [profile.global_name, profile.username]) {
    if (!candidate) continue;
    const cleaned = [...stripUnsafeText(candidate)].slice(0, 40).join('').trim();
    const parsed = displayNameSchema.safeParse(cleaned);
    if (parsed.success) return parsed.data;
  }
  return 'Discord user';
}
