import { z } from 'zod';
import { discordLinkedSchema, type DiscordLinked } from '@crimsonhost/shared/auth';
import { ApiError, LOGIN_TIMEOUT_MS, apiClient } from '../../../lib/api-client';
import { answerData, readSignIn, type SignedIn } from '../../../app/auth/api/sign-in-answer';

const recoveryCodesSchema = z.array(z.string());
/** The 409 LINK_REQUIRED details: the e-mail's account must prove its password. */
export const linkRequiredSchema = z.object({ linkToken: z.string(), email: z.string() });

function readDiscordSession(body: unknown, status: number) {
  const signedIn = readSignIn(
    body,
    status,
    new ApiError(status, 'UNEXPECTED_RESPONSE', 'The sign-in answer could not be read.'),
  );
  const codes = recoveryCodesSchema.safeParse(answerData(body).recoveryCodes);
  return { ...signedIn, recoveryCodes: codes.success ? codes.data : null };
}

export type DiscordSignIn = SignedIn & { recoveryCodes: string[] | null };

/**
 * POST /api/auth/discord/callback with Discord's code and state. A new account also gets its
 * recovery codes; an e-mail of an existing account answers 409 LINK_REQUIRED; a link started from
 * /settings answers that Discord is linked.
 */
export async function finishDiscordSignIn(input: {
  code: string;
  state: string;
}): Promise<DiscordSignIn | DiscordLinked> {
  const response = await apiClient.post<unknown>('/auth/discord/callback', input, {
    timeout: LOGIN_TIMEOUT_MS,
  });
  // A link started from /settings links the signed-in account: no new session.
  const linked = discordLinkedSchema.safeParse(answerData(response.data));
  if (linked.success) return linked.data;
  return readDiscordSession(response.data, response.status);
}

/** POST /api/auth/discord/link: links Discord to the account once its password is proven. */
export async function linkDiscord(input: {
  linkToken: string;
  password: string;
}): Promise<DiscordSignIn> {
  const response = await apiClient.post<unknown>('/auth/discord/link', input, {
    timeout: LOGIN_TIMEOUT_MS,
  });
  return readDiscordSession(response.data, response.status);
}
