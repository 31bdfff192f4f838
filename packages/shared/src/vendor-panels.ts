import { z } from 'zod';
import { dataEnvelope, pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';

/**
 * A listing's panel link (issue 16 point 5, decision 040): the vendor's Pterodactyl panel, the
 * server's identifier on it and a client API key. The key is stored encrypted and never answered
 * again; only its last 4 characters are shown. "Test connection" reads the server's resources
 * through the panel's Client API and answers in plain words.
 */

export const PANEL_URL_MAX = 2048;
/** Pterodactyl's short identifier (8 hex characters) or the server's full UUID. */
export const PANEL_SERVER_IDENTIFIER =
  /^[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i;

export const panelLinkInputSchema = z.object({
  url: z
    .string({ message: 'Enter the address of your panel' })
    .trim()
    .min(1, 'Enter the address of your panel')
    .max(PANEL_URL_MAX, `The address must be at most ${PANEL_URL_MAX} characters`)
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), {
      message:
        'Enter the panel’s address as it starts in your browser, such as https://panel.example.com',
    }),
  serverIdentifier: z
    .string({ message: 'Enter the server identifier' })
    .trim()
    .regex(PANEL_SERVER_IDENTIFIER, {
      message:
        'Enter the server identifier from the panel: 8 characters, such as 1a7ce997 (in the server’s address, /server/1a7ce997)',
    }),
  apiKey: z
    .string({ message: 'Enter a client API key' })
    .trim()
    .regex(/^\S{8,200}$/, {
      message: 'Enter a client API key from the panel (Account → API Credentials), such as ptlc_…',
    }),
});
export type PanelLinkInput = z.infer<typeof panelLinkInputSchema>;

/**
 * What "Test connection" found:
 * running, starting, stopping, offline: the panel answered with the server's state;
 * suspended: the panel answered, the server is suspended there;
 * refused_key: 401 or 403; no_server: 404; timeout: no answer in time; busy: 429;
 * unreachable: no connection; address_refused: the address guard refused the URL;
 * panel_error: another status or an answer not in the documented shape; key_unreadable: the
 * stored key cannot be decrypted (the server's secret changed).
 */
export const PANEL_TEST_OUTCOMES = [
  'running',
  'starting',
  'stopping',
  'offline',
  'suspended',
  'refused_key',
  'no_server',
  'timeout',
  'busy',
  'unreachable',
  'address_refused',
  'panel_error',
  'key_unreadable',
] as const;
export type PanelTestOutcome = (typeof PANEL_TEST_OUTCOMES)[number];

/** Outcomes in which the panel answered with the server's state. */
export const PANEL_TEST_ANSWERED: readonly PanelTestOutcome[] = [
  'running',
  'starting',
  'stopping',
  'offline',
  'suspended',
];

export const panelTestSchema = z.object({
  ok: z.boolean(),
  outcome: z.enum(PANEL_TEST_OUTCOMES),
  /** The result in a sentence a vendor understands. */
  message: z.string(),
  testedAt: z.string(),
  /** What the panel reported, when it answered. */
  resources: z
    .object({
      cpuPercent: z.number(),
      memoryBytes: z.number(),
      diskBytes: z.number(),
      uptimeSeconds: z.number(),
    })
    .nullable(),
});
export type PanelTest = z.infer<typeof panelTestSchema>;

export const panelLinkSchema = z.object({
  url: z.string(),
  serverIdentifier: z.string(),
  /** The key's last 4 characters; the key itself is never answered. Null for links saved before hints. */
  keyHint: z.string().nullable(),
  /** Linked to the demo's own panel. */
  demo: z.boolean(),
  linkedAt: z.string(),
  /** The last "Test connection", without its resource figures. */
  lastTest: panelTestSchema.omit({ resources: true }).nullable(),
});
export type PanelLink = z.infer<typeof panelLinkSchema>;

/**
 * The demo's own panel link for a listing of one of the demo's spare game servers, which the
 * vendor may fill in with one click; null for any other listing, or without the demo.
 */
export const demoPanelLinkResponseSchema = dataEnvelope(panelLinkInputSchema.nullable());

/** A listing's link, or null when it has none. */
export const panelLinkResponseSchema = dataEnvelope(panelLinkSchema.nullable());
export const panelTestResponseSchema = dataEnvelope(panelTestSchema);

/** What went wrong with a panel while a renter used it (panel_events), for the vendor. */
export const panelErrorSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  listingName: z.string(),
  /** The failure's kind: timeout, unauthorized, not_found, panel_error, stuck_starting... */
  kind: z.string(),
  /** What happened, in plain words. */
  summary: z.string(),
  /** The panel's own words and the action that met them (start, stop, a state read). */
  detail: z.string(),
  at: z.string(),
});
export type PanelError = z.infer<typeof panelErrorSchema>;

export const panelErrorsQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
  /** Only this listing's errors. */
  listingId: z.uuid({ message: 'listingId must be a listing id' }).optional(),
});
export type PanelErrorsQuery = z.infer<typeof panelErrorsQuerySchema>;

export const panelErrorsResponseSchema = pageEnvelope(panelErrorSchema);
