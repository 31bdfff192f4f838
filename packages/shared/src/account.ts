import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * Deleting my account (issue 18 point 6, privacy): the e-mail typed again, and the password when
 * the account has one. Refused with 409 ACCOUNT_NOT_DELETABLE and `details.reasons` (sentences)
 * while money or a promise is open: wallet money, a running rental, a waiting deposit, an open
 * dispute, a vendor's unpaid earnings or running rentals, a staff role.
 */
export const deleteAccountRequestSchema = z.object({
  confirmEmail: z.string({ message: 'Type the e-mail address of this account' }).max(320),
  password: z.string().max(1024).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
export const deleteAccountResponseSchema = dataEnvelope(z.object({ deleted: z.literal(true) }));

/**
 * Unlinking Discord (issue 18 point 6, connected accounts): only with a password on the account,
 * which is given again, so the person can still sign in afterwards.
 */
export const unlinkDiscordRequestSchema = z.object({
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
});
export type UnlinkDiscordRequest = z.infer<typeof unlinkDiscordRequestSchema>;
export const unlinkDiscordResponseSchema = dataEnvelope(
  z.object({ discordLinked: z.literal(false) }),
);
