import { sql } from 'drizzle-orm';
import type { ThreadSide } from '@crimsonhost/shared/rental-messages';
import { queryRows, type Database } from '../db/client';
import { findUserByEmail, type UserRow } from '../modules/auth/auth.repository';
import type { RentalMessagesService } from '../modules/rental-messages/rental-messages.service';

const DEMO_VENDOR = 'vendor.nordic@crimsonhost.demo';

type Line = [ThreadSide, string];

/** Conversations as renters and a hosting vendor have them, in the order they are written. */
const THREADS: Line[][] = [
  [
    [
      'renter',
      'Hi! We start a modded evening at 20:00 UTC. Is it fine to restart the server a few times while we set up?',
    ],
    [
      'vendor',
      'Of course. A restart from **My Rentals** takes about a minute. If one hangs in *starting*, write here and I will look at the node.',
    ],
    ['renter', 'Perfect, thanks!'],
  ],
  [
    [
      'vendor',
      'Heads-up: the node gets a security update tonight at 03:00 UTC. Your server restarts once, for about 2 minutes.',
    ],
  ],
];

/** The disputed rental's thread: what the renter and the vendor said before the dispute. */
const BEFORE_DISPUTE: Line[] = [
  ['renter', 'Nobody can connect since about an hour into the rental. Can you have a look?'],
  ['vendor', 'Looking into it: the panel shows the server running on our side.'],
];

/**
 * Renter–vendor threads in the demo (issue 17 point 8), written through the service people use
 * (the contact detector reads each): two of the demo vendor's running rentals, one with a message
 * the vendor has not read and one with a message for the renter, and the disputed rental's thread
 * that support reads from the dispute's ticket. Seeded once: never when any message exists.
 */
export async function seedDemoThreads(db: Database, messages: RentalMessagesService) {
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rental_messages`,
  );
  if ((existing?.n ?? 0) > 0) return;
  const vendor = await findUserByEmail(db, DEMO_VENDOR);
  if (!vendor) return;
  const running = await queryRows<{ id: string; email: string }>(
    db,
    sql`select r.id, u.email from rentals r join users u on u.id = r.renter_id
         where r.vendor_id = ${vendor.id} and r.status = 'ACTIVE' and r.ends_at > now()
         order by r.starts_at desc limit ${THREADS.length}`,
  );
  const [disputed] = await queryRows<{ id: string; email: string }>(
    db,
    sql`select r.id, u.email from rental_disputes d join rentals r on r.id = d.rental_id
         join users u on u.id = r.renter_id
         where d.vendor_id = ${vendor.id} order by d.opened_at limit 1`,
  );
  const write = async (rental: { id: string; email: string }, lines: Line[]) => {
    const renter = await findUserByEmail(db, rental.email);
    if (!renter) return;
    const by: Record<ThreadSide, UserRow> = { renter, vendor };
    for (const [side, message] of lines) {
      await messages.send(by[side], rental.id, side, { message, attachmentIds: [] });
    }
  };
  for (const [index, rental] of running.entries()) await write(rental, THREADS[index]!);
  if (disputed) await write(disputed, BEFORE_DISPUTE);
}
