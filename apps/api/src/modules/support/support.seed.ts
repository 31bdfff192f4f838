import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { cannedReplies, faqArticles, faqCategories } from '../../db/schema/support';
import { findUserByEmail } from '../auth/auth.repository';
import { CANNED_REPLIES_SEED, FAQ_SEED } from './support.seed-data';
import * as repo from './support.repository';

const HOUR_MS = 3_600_000;

/** Writes the FAQ and the canned replies when there are none yet; answers the articles written. */
export async function seedFaq(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(faqCategories);
    if ((existing?.n ?? 0) > 0) return 0;
    let written = 0;
    for (const [position, category] of FAQ_SEED.entries()) {
      const [row] = await tx
        .insert(faqCategories)
        .values({ slug: category.slug, name: category.name, position })
        .returning({ id: faqCategories.id });
      await tx.insert(faqArticles).values(
        category.articles.map((article, index) => ({
          ...article,
          categoryId: row!.id,
          position: index,
          published: true,
        })),
      );
      written += category.articles.length;
    }
    await tx.insert(cannedReplies).values(CANNED_REPLIES_SEED);
    return written;
  });
}

interface DemoMessage {
  from: 'renter' | 'support';
  body: string;
  hoursAgo: number;
  kind?: 'reply' | 'note';
}

interface DemoTicket {
  subject: string;
  category: string;
  priority: string;
  status: string;
  hoursAgo: number;
  messages: DemoMessage[];
  /** Hours ago the ticket was resolved by support. */
  resolvedHoursAgo?: number;
  assigned: boolean;
  slaDueInHours?: number;
}

/**
 * The demo renter's tickets, one in each of the states a newcomer should see: unanswered,
 * answered and waiting for the renter, resolved and ready to rate. Written once.
 */
const DEMO_TICKETS: DemoTicket[] = [
  {
    subject: 'Can I move my rental to another region?',
    category: 'GENERAL',
    priority: 'LOW',
    status: 'OPEN',
    hoursAgo: 3,
    assigned: false,
    slaDueInHours: 45,
    messages: [
      {
        from: 'renter',
        hoursAgo: 3,
        body: 'Most of my friends play from the US east coast. Can a running rental move from Frankfurt to a server there, or do I have to cancel and rent again?',
      },
    ],
  },
  {
    subject: 'Rust server lags every evening',
    category: 'TECHNICAL',
    priority: 'NORMAL',
    status: 'WAITING_CUSTOMER',
    hoursAgo: 26,
    assigned: true,
    messages: [
      {
        from: 'renter',
        hoursAgo: 26,
        body: 'From about 19:00 to 23:00 the server runs at 20-30 server FPS and players rubber-band. During the day it is fine. We have 40 players at most.',
      },
      {
        from: 'support',
        kind: 'note',
        hoursAgo: 23,
        body: 'Vendor reports no host load issue. Probably a plugin; asked the customer for the list.',
      },
      {
        from: 'support',
        hoursAgo: 22,
        body: 'Thanks for the details. Could you send us the list of plugins the server runs, and the time of the last lag spike you saw? With that we can check it together with the vendor.',
      },
    ],
  },
  {
    subject: 'TRC20 deposit still shows Waiting',
    category: 'BILLING',
    priority: 'NORMAL',
    status: 'RESOLVED',
    hoursAgo: 50,
    resolvedHoursAgo: 46,
    assigned: true,
    messages: [
      {
        from: 'renter',
        hoursAgo: 50,
        body: 'I sent 50 USDT on TRC20 ten minutes ago and the wallet still says Waiting. The transfer shows as confirmed in my wallet app.',
      },
      {
        from: 'support',
        hoursAgo: 47,
        body: 'Your deposit was credited once the network had the confirmations it needs; it is in your balance now. A deposit keeps its address for 30 minutes, and a payment that arrives later is still credited for what arrived.',
      },
    ],
  },
];

/** The demo renter's tickets, when the renter has none yet. */
export async function seedDemoTickets(db: Database, now = new Date()): Promise<number> {
  const renter = await findUserByEmail(db, 'renter@crimsonhost.demo');
  const agent = await findUserByEmail(db, 'support@crimsonhost.demo');
  if (!renter || !agent) return 0;
  const { total } = await repo.listTicketsOfRequester(db, renter.id, { page: 1, pageSize: 10 });
  if (total > 0) return 0;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
  await db.transaction(async (tx) => {
    for (const demo of DEMO_TICKETS) await writeDemoTicket(tx, demo, renter, agent, at);
  });
  return DEMO_TICKETS.length;
}

async function writeDemoTicket(
  tx: Executor,
  demo: DemoTicket,
  renter: { id: string; displayName: string },
  agent: { id: string; displayName: string },
  at: (hoursAgo: number) => Date,
) {
  const staffMessages = demo.messages.filter((m) => m.from === 'support' && m.kind !== 'note');
  const last = demo.messages.at(-1)!;
  const ticket = await repo.insertTicket(tx, {
    requesterId: renter.id,
    subject: demo.subject,
    category: demo.category,
    priority: demo.priority,
    status: demo.status,
    assigneeId: demo.assigned ? agent.id : null,
    slaKind: demo.slaDueInHours === undefined ? null : 'first',
    slaDueAt: demo.slaDueInHours === undefined ? null : at(-demo.slaDueInHours),
    firstResponseAt: staffMessages[0] ? at(staffMessages[0].hoursAgo) : null,
    resolvedAt: demo.resolvedHoursAgo === undefined ? null : at(demo.resolvedHoursAgo),
    resolvedByStaff: demo.resolvedHoursAgo !== undefined,
    resolutions: demo.resolvedHoursAgo === undefined ? 0 : 1,
    lastStaffActivityAt: staffMessages.at(-1) ? at(staffMessages.at(-1)!.hoursAgo) : null,
    customerSeenAt: at(demo.hoursAgo),
    lastActivityAt: at(demo.resolvedHoursAgo ?? last.hoursAgo),
    createdAt: at(demo.hoursAgo),
  });
  for (const message of demo.messages) {
    const author = message.from === 'renter' ? renter : agent;
    await repo.insertMessage(tx, {
      ticketId: ticket.id,
      kind: message.kind ?? 'reply',
      authorId: author.id,
      authorRole: message.from === 'renter' ? 'customer' : 'support',
      authorName: author.displayName,
      body: message.body,
      createdAt: at(message.hoursAgo),
    });
  }
  if (demo.assigned) {
    await repo.insertMessage(tx, {
      ticketId: ticket.id,
      kind: 'event',
      authorId: agent.id,
      authorRole: 'support',
      authorName: agent.displayName,
      body: `${agent.displayName} took the ticket.`,
      fromStatus: 'OPEN',
      toStatus: 'IN_PROGRESS',
      createdAt: at(demo.hoursAgo - 0.5),
    });
  }
  if (demo.resolvedHoursAgo !== undefined) {
    await repo.insertMessage(tx, {
      ticketId: ticket.id,
      kind: 'event',
      authorId: agent.id,
      authorRole: 'support',
      authorName: agent.displayName,
      body: `${agent.displayName} marked the ticket resolved.`,
      fromStatus: 'WAITING_CUSTOMER',
      toStatus: 'RESOLVED',
      createdAt: at(demo.resolvedHoursAgo),
    });
  }
}
