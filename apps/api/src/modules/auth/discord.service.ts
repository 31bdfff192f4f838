import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repository';
import { newRecoveryCodes } from './auth.service';
import { assertEmailVerified, claimAddress } from './email-verification.service';
import { verifyPassword } from './password';
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

const STATE_TTL_MS = 10 * 60_000;
const LINK_TTL_MS = 10 * 60_000;
const unavailable = () =>
  new AppError(
    'DISCORD_UNAVAILABLE',
    503,
    'Sign-in with Discord is not set up on this storefront.',
  );

export class DiscordService {
  private readonly client: OAuth2Client | null;

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionIssuer,
    private readonly config: DiscordConfig | null,
  ) {
    this.client = config
      ? new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri)
      : null;
  }

  get enabled() {
    return this.client !== null;
  }

  /** The Discord authorisation URL, with a state and a PKCE verifier kept in the database. */
  async start(): Promise<string> {
    if (!this.client || !this.config) throw unavailable();
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    await repo.insertOauthState(this.db, {
      state,
      provider: 'discord',
      codeVerifier,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return this.client
      .createAuthorizationURLWithPKCE(
        this.config.authorizeUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['identify', 'email'],
      )
      .toString();
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
    } catch {
      throw failed();
    }
    const response = await fetch(`${this.config.apiUrl}/users/@me`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(8000),
    }).catch(() => null);
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
  async callback(code: string, state: string, meta: RequestMeta) {
    const saved = await repo.consumeOauthState(this.db, state, 'discord');
    if (!saved) {
      throw new AppError(
        'OAUTH_STATE_INVALID',
        400,
        'This sign-in link has expired. Start again from the login page.',
      );
    }
    const discordUser = await this.fetchDiscordUser(code, saved.codeVerifier);

    const linked = await repo.findUserByDiscordId(this.db, discordUser.id);
    if (linked) {
      assertCanSignIn(linked);
      return this.db.transaction(async (tx) => {
        await repo.recordLogin(tx, linked.id);
        return this.sessions.session(tx, linked, meta);
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
        displayName: (discordUser.global_name ?? discordUser.username).slice(0, 40),
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
      return { ...(await this.sessions.session(tx, user, meta)), recoveryCodes };
    });
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
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
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
      return this.sessions.session(tx, updated!, meta);
    });
  }
}
