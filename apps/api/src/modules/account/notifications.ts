import type {
  NotificationSettings,
  NotificationSettingsPatch,
} from '@crimsonhost/shared/notifications';
import { DEFAULT_SUPPORT_SETTINGS } from '@crimsonhost/shared/support';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { notificationSettings } from '../../db/schema/rental-messages';
import { supportSettings } from '../../db/schema/support';

/**
 * The mails a person chose (issue 18 point 6): the support centre's four in `support_settings`
 * (which /support/settings edits too), the rentals' in `notification_settings`. A missing row is
 * the defaults.
 */
export async function readNotificationSettings(
  db: Executor,
  userId: string,
): Promise<NotificationSettings> {
  const [[support], [rentals]] = await Promise.all([
    db.select().from(supportSettings).where(eq(supportSettings.userId, userId)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
  ]);
  return {
    rentalMessages: rentals?.rentalMessages ?? true,
    notifyStaffReply: support?.notifyStaffReply ?? DEFAULT_SUPPORT_SETTINGS.notifyStaffReply,
    notifyStatusChange: support?.notifyStatusChange ?? DEFAULT_SUPPORT_SETTINGS.notifyStatusChange,
    notifyResolved: support?.notifyResolved ?? DEFAULT_SUPPORT_SETTINGS.notifyResolved,
    weeklyDigest: support?.weeklyDigest ?? DEFAULT_SUPPORT_SETTINGS.weeklyDigest,
  };
}

export async function updateNotificationSettings(
  db: Database,
  userId: string,
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
  const { rentalMessages, ...support } = patch;
  await db.transaction(async (tx) => {
    if (rentalMessages !== undefined) {
      await tx
        .insert(notificationSettings)
        .values({ userId, rentalMessages })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { rentalMessages, updatedAt: sql`now()` },
        });
    }
    if (Object.keys(support).length > 0) {
      await tx
        .insert(supportSettings)
        .values({ userId, ...DEFAULT_SUPPORT_SETTINGS, ...support })
        .onConflictDoUpdate({
          target: supportSettings.userId,
          set: { ...support, updatedAt: sql`now()` },
        });
    }
  });
  return readNotificationSettings(db, userId);
}

/** Whether the user takes mails about rental messages (no row: yes). */
export async function wantsRentalMessageMail(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: notificationSettings.rentalMessages })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.on ?? true;
}
