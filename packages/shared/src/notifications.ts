import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * Every mail the product sends, grouped as /settings shows them (issue 18 point 6): the ones a
 * person may turn off by key, and the ones they cannot (security, their account's standing, money
 * moved, disputes with deadlines), listed so nobody wonders why a mail still comes.
 */
export const OPTIONAL_NOTIFICATIONS = [
  'rentalMessages',
  'notifyStaffReply',
  'notifyStatusChange',
  'notifyResolved',
  'weeklyDigest',
] as const;
export type OptionalNotification = (typeof OPTIONAL_NOTIFICATIONS)[number];

export interface NotificationItem {
  /** The setting's key when it can be turned off; null for a mail that always goes. */
  key: OptionalNotification | null;
  label: string;
  description: string;
}

export interface NotificationGroup {
  id: string;
  title: string;
  items: NotificationItem[];
}

export const NOTIFICATION_GROUPS: NotificationGroup[] = [
  {
    id: 'rentals',
    title: 'Rentals',
    items: [
      {
        key: 'rentalMessages',
        label: 'Messages about a rental',
        description:
          'When the vendor (or, for your listings, the renter) writes to you: one mail until you read the conversation.',
      },
    ],
  },
  {
    id: 'support',
    title: 'Support tickets',
    items: [
      {
        key: 'notifyStaffReply',
        label: 'Answers from support',
        description: 'When support answers one of your tickets.',
      },
      {
        key: 'notifyStatusChange',
        label: 'Ticket status changes',
        description: 'When a ticket waits for you, or support picks it up.',
      },
      {
        key: 'notifyResolved',
        label: 'Resolved tickets',
        description: 'When support resolves a ticket, with the way to rate the answer.',
      },
      {
        key: 'weeklyDigest',
        label: 'Weekly digest',
        description: 'Once a week, your open tickets in one mail.',
      },
    ],
  },
  {
    id: 'always',
    title: 'Always sent',
    items: [
      {
        key: null,
        label: 'Security',
        description:
          'Password resets, e-mail address checks and sign-in changes: you need them to keep your account.',
      },
      {
        key: null,
        label: 'Your account’s standing',
        description: 'Warnings, suspensions and bans, and the answer to an appeal.',
      },
      {
        key: null,
        label: 'Money',
        description: 'Deposits credited by support, and payouts of your earnings.',
      },
      {
        key: null,
        label: 'Your benefits tier',
        description: 'A new tier reached, and a warning before a tier would end.',
      },
      {
        key: null,
        label: 'Disputes',
        description: 'A dispute of your rental, its deadline and support’s decision.',
      },
    ],
  },
];

export const notificationSettingsSchema = z.object({
  rentalMessages: z.boolean(),
  notifyStaffReply: z.boolean(),
  notifyStatusChange: z.boolean(),
  notifyResolved: z.boolean(),
  weeklyDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsResponseSchema = dataEnvelope(notificationSettingsSchema);
/** A change: only the keys given move. */
export const notificationSettingsPatchSchema = notificationSettingsSchema.partial().strict();
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>;
