import type { TicketCategory, TicketDetail } from '@crimsonhost/shared/support';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { digest } from '../auth/tokens';
import { guestLinksMail } from './support-mail';
import * as repo from './support.repository';
import type { SupportService } from './support.service';
import { ticketNotFound, type Actor, type TicketWorkflow } from './ticket-workflow';

/** Guest tickets a fresh-links mail lists at most. */
const LINKS_PER_MAIL = 10;

const expired = () =>
  new AppError(
    'GUEST_LINK_EXPIRED',
    410,
    'This link has expired. Ask for a new one and we will mail it to you.',
  );
const revoked = () =>
  new AppError(
    'GUEST_LINK_REVOKED',
    410,
    'This link no longer works. If you created an account with this address, sign in to read the ticket; otherwise ask for a new link.',
  );

/**
 * Tickets of visitors: written with an e-mail, read and answered through the mailed link. The
 * token is random (256 bits), kept only as a digest, good for its one ticket for 30 days, and
 * refreshed by every mail; revoked links and links of another ticket answer as if the ticket did
 * not exist, so a token says nothing about other tickets.
 */
export class GuestTicketsService {
  constructor(
    private readonly db: Database,
    private readonly support: SupportService,
    private readonly workflow: TicketWorkflow,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async create(input: {
    email: string;
    subject: string;
    category: TicketCategory;
    message: string;
  }) {
    await this.support.createForGuest({
      email: input.email,
      subject: input.subject,
      category: input.category,
      message: input.message,
    });
  }

  async get(ticketId: string, token: string): Promise<TicketDetail> {
    return this.support.read(await this.open(this.db, ticketId, token));
  }

  async reply(ticketId: string, token: string, message: string): Promise<TicketDetail> {
    const ticket = await this.open(this.db, ticketId, token);
    return this.support.respond(
      guestActor(ticket.guestEmail!),
      (tx) => this.open(tx, ticketId, token, { lock: true }),
      message,
    );
  }

  async close(ticketId: string, token: string): Promise<TicketDetail> {
    const ticket = await this.open(this.db, ticketId, token);
    return this.support.closeAs(guestActor(ticket.guestEmail!), (tx) =>
      this.open(tx, ticketId, token, { lock: true }),
    );
  }

  /** Mails fresh links to the guest tickets of an address; says nothing of whether there are any. */
  async sendLinks(email: string) {
    const mailIds = await this.db.transaction(async (tx) => {
      const tickets = await repo.guestTicketsOf(tx, email, LINKS_PER_MAIL);
      if (tickets.length === 0) return [];
      const links = [];
      for (const ticket of tickets) {
        const context = await this.workflow.mailContext(tx, ticket);
        if (context)
          links.push({ number: ticket.number, subject: ticket.subject, link: context.link });
      }
      return [
        await this.workflow.enqueue(
          tx,
          'support-guest-links',
          guestLinksMail(email, links),
          this.clock(),
        ),
      ];
    });
    this.workflow.deliver(mailIds);
  }

  /** Staff: every link of a guest ticket stops working (a new mail brings a new one). */
  async revokeLinks(ticketId: string) {
    return repo.revokeGuestLinks(this.db, [ticketId], this.clock());
  }

  /** The guest ticket a token opens, or why not. */
  private async open(db: Executor, ticketId: string, token: string, { lock = false } = {}) {
    const link = token ? await repo.findGuestLink(db, digest(token)) : undefined;
    if (!link || link.ticketId !== ticketId) throw ticketNotFound();
    if (link.revokedAt) throw revoked();
    if (link.expiresAt <= this.clock()) throw expired();
    const ticket = lock ? await repo.lockTicket(db, ticketId) : await repo.findTicket(db, ticketId);
    if (!ticket) throw ticketNotFound();
    // The ticket joined an account since: its links were revoked with it, but be sure.
    if (ticket.requesterId) throw revoked();
    return ticket;
  }
}

const guestActor = (email: string): Actor => ({ id: null, name: email, role: 'customer' });
