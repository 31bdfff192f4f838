import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * My signed-in devices, as /settings lists them (issue 18 point 6): each sign-in (a refresh-token
 * family) with the device in words, the address it last came from, when it started and was last
 * used; `current` is the session asking. Signing one out takes effect on its next call.
 */
export const mySessionSchema = z.object({
  id: z.uuid(),
  /** "Chrome 131 on Windows", read from the browser's User-Agent. */
  device: z.string(),
  ip: z.string().nullable(),
  startedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySessionSchema>;
export const mySessionsResponseSchema = dataEnvelope(z.array(mySessionSchema));

export const signedOutResponseSchema = dataEnvelope(z.object({ signedOut: z.number().int() }));
