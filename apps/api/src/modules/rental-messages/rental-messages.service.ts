import {
  RENTAL_MESSAGES_OPEN_DAYS,
  RENTAL_MESSAGES_PAGE,
  sendRentalMessageSchema,
  type RentalMessage,
  type RentalThread,
  type RentalThreadQuery,
  type SendRentalMessage,
  type ThreadSide,
} from '@crimsonhost/shared/rental-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { enqueueMail, type MailOutbox } from '../../lib/mail-outbox';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import type { UserRow } from '../auth/auth.repository';
import { wantsRentalMessageMail } from '../account/notifications';
import { listingSummaries } from '../catalog/catalog-availability';
import { holdingMessages, refuseContactDetails } from '../moderation/contact-guard';
import type { AttachmentsService } from '../support/attachments.service';
import { rentalMessageMail } from './rental-messages.mail';
import * as repo from './rental-messages.repository';
import type { RentalMessageRow, ThreadRental, ThreadRow } from './rental-messages.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/** A person writes at a person's pace; a script pasting a hundred messages does not. */
const SEND_LIMIT: RateLimitRule = {
  name: 'rental-message',
  limit: 30,
  windowSeconds: 600,
  message:
    'You sent many messages in a short time. Please wait a few minutes before writing again.',
};

const rentalNotFound = () => new AppError('NOT_FOUND', 404, 'Rental not found');
const other = (side: ThreadSide): ThreadSide => (side === 'renter' ? 'vendor' : 'renter');

export interface RentalMessagesDeps {
  db: Database;
  attachments: AttachmentsService;
  outbox: MailOutbox;
  publicUrl: string;
  log: FastifyBaseLogger;
  clock?: Clock;
}

/**
 * The thread between a rental's renter and its vendor (issue 17 point 8). Each side reads and
 * writes its own rentals' threads (anyone else's rental is not found); support reads the thread
 * of a rental that has a ticket or a moderation flag. Messages pass the contact detector before
 * they are delivered; the other side is mailed once until they read.
 */
export class RentalMessagesService {
  private readonly clock: Clock;

  constructor(private readonly deps: RentalMessagesDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  /** A side reads its thread; the latest page marks the other side's messages read. */
  async read(
    user: UserRow,
    rentalId: string,
    side: ThreadSide,
    query: RentalThreadQuery = {},
  ): Promise<RentalThread> {
    const rental = await this.rentalOf(this.deps.db, user, rentalId, side);
    const thread = await this.view(this.deps.db, rental, side, query.before);
    const newest = thread.seqs.at(-1);
    if (query.before === undefined && newest !== undefined) {
      await repo.markRead(this.deps.db, rental.id, side, newest);
    }
    return thread.view;
  }

  /** Support reads the thread of a rental someone asked it about; its read marks do not move. */
  async readAsStaff(rentalId: string, query: RentalThreadQuery = {}): Promise<RentalThread> {
    const { db } = this.deps;
    if (!UUID.test(rentalId)) throw rentalNotFound();
    const rental = await repo.threadRental(db, rentalId);
    if (!rental || !(await repo.staffMayRead(db, rentalId))) throw rentalNotFound();
    return (await this.view(db, rental, null, query.before)).view;
  }

  async send(
    user: UserRow,
    rentalId: string,
    side: ThreadSide,
    input: SendRentalMessage,
  ): Promise<RentalMessage> {
    const { db, attachments, outbox, log } = this.deps;
    const parsed = sendRentalMessageSchema.parse(input);
    const now = this.clock.now();
    const rental = await this.rentalOf(db, user, rentalId, side);
    if (!writableUntil(rental, now)) {
      throw new AppError(
        'THREAD_CLOSED',
        409,
        `Messages about a rental can be written until ${RENTAL_MESSAGES_OPEN_DAYS} days after it ends. For anything else about it, write to support.`,
      );
    }
    await hitRateLimit(db, SEND_LIMIT, user.id);
    const { message, thread, mail } = await holdingMessages(db, () =>
      db.transaction(async (tx) => {
        await refuseContactDetails(
          tx,
          { rentalId: rental.id, ticketId: null, senderId: user.id },
          parsed.message,
        );
        const message = await repo.insertMessage(tx, {
          rentalId: rental.id,
          side,
          authorId: user.id,
          authorName: user.displayName,
          body: parsed.message,
          createdAt: now,
        });
        await attachments.attach(tx, parsed.attachmentIds, user.id, {
          rentalMessageId: message.id,
        });
        const thread = await repo.recordMessage(tx, {
          rentalId: rental.id,
          side,
          seq: message.seq,
          at: now,
        });
        const mail = await this.tellOtherSide(tx, rental, side, thread, message);
        return { message, thread, mail };
      }),
    );
    if (mail) {
      outbox.deliver(mail).catch((error: unknown) => {
        log.warn({ err: error }, 'rental message mail left for the outbox job');
      });
    }
    const files = await attachments.ofRentalMessages(db, [message.id]);
    return toMessage(message, files.get(message.id) ?? [], thread, side);
  }

  /**
   * Mails the other side about a new message unless a mail they have not read yet already told
   * them of the thread (their mailed position is past what they read).
   */
  private async tellOtherSide(
    tx: Executor,
    rental: ThreadRental,
    side: ThreadSide,
    thread: ThreadRow,
    message: RentalMessageRow,
  ): Promise<string | null> {
    const to = other(side);
    const [read, mailed] =
      to === 'renter'
        ? [thread.renterReadSeq, thread.renterMailedSeq]
        : [thread.vendorReadSeq, thread.vendorMailedSeq];
    if (mailed > read) return null;
    const recipientId = to === 'renter' ? rental.renterId : rental.vendorId;
    if (!(await wantsRentalMessageMail(tx, recipientId))) return null;
    const server =
      (await listingSummaries(tx, [rental.listingId])).get(rental.listingId)?.name ?? 'your server';
    const link =
      to === 'renter'
        ? `${this.deps.publicUrl}/rentals?messages=${rental.id}`
        : `${this.deps.publicUrl}/vendor/rentals?messages=${rental.id}`;
    const recipient =
      to === 'renter'
        ? { email: rental.renterEmail, name: rental.renterName, side: to }
        : { email: rental.vendorEmail, name: rental.vendorName, side: to };
    const id = await enqueueMail(
      tx,
      rentalMessageMail(
        recipient,
        { server, author: message.authorName, body: message.body },
        link,
      ),
    );
    await repo.markMailed(tx, rental.id, to, message.seq);
    return id;
  }

  private async rentalOf(db: Executor, user: UserRow, rentalId: string, side: ThreadSide) {
    if (!UUID.test(rentalId)) throw rentalNotFound();
    const rental = await repo.threadRental(db, rentalId);
    const mine = side === 'renter' ? rental?.renterId : rental?.vendorId;
    if (!rental || mine !== user.id) throw rentalNotFound();
    return rental;
  }

  private async view(
    db: Executor,
    rental: ThreadRental,
    side: ThreadSide | null,
    before: string | undefined,
  ) {
    let beforeSeq: number | null = null;
    if (before !== undefined) {
      const anchor = await repo.messageOfRental(db, rental.id, before);
      if (!anchor) {
        throw new AppError('VALIDATION_ERROR', 400, 'before must be a message of this rental', {
          fields: [{ field: 'before', message: 'Not a message of this rental' }],
        });
      }
      beforeSeq = anchor.seq;
    }
    const [rows, thread, listings] = await Promise.all([
      repo.messagesBefore(db, rental.id, beforeSeq, RENTAL_MESSAGES_PAGE + 1),
      repo.findThread(db, rental.id),
      listingSummaries(db, [rental.listingId]),
    ]);
    const page = rows.slice(0, RENTAL_MESSAGES_PAGE).reverse();
    const files = await this.deps.attachments.ofRentalMessages(
      db,
      page.map((row) => row.id),
    );
    const until = writableUntil(rental, this.clock.now());
    const view: RentalThread = {
      rentalId: rental.id,
      server: { id: rental.listingId, name: listings.get(rental.listingId)?.name ?? 'Server' },
      renter: { displayName: rental.renterName },
      vendor: { displayName: rental.vendorName },
      side,
      writableUntil: until?.toISOString() ?? null,
      messages: page.map((row) => toMessage(row, files.get(row.id) ?? [], thread, side)),
      hasEarlier: rows.length > RENTAL_MESSAGES_PAGE,
    };
    return { view, seqs: page.map((row) => row.seq) };
  }
}

/** Until when the thread takes messages: RENTAL_MESSAGES_OPEN_DAYS after the end; null once past. */
function writableUntil(rental: ThreadRental, now: Date): Date | null {
  const end = rental.endedAt ?? rental.endsAt;
  const until = new Date(end.getTime() + RENTAL_MESSAGES_OPEN_DAYS * DAY_MS);
  return until > now ? until : null;
}

function toMessage(
  row: RentalMessageRow,
  attachments: RentalMessage['attachments'],
  thread: ThreadRow | undefined,
  reader: ThreadSide | null,
): RentalMessage {
  const readSeq = (side: ThreadSide) =>
    (side === 'renter' ? thread?.renterReadSeq : thread?.vendorReadSeq) ?? 0;
  const side = row.side as ThreadSide;
  return {
    id: row.id,
    side,
    authorName: row.authorName,
    body: row.body,
    attachments,
    createdAt: row.createdAt.toISOString(),
    seen: readSeq(other(side)) >= row.seq,
    unread: reader !== null && side !== reader && row.seq > readSeq(reader),
  };
}
