import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import {
  buildRentalMessage,
  buildRentalThread,
  serveRentalThread,
} from '../../../test/rental-thread-fixtures';
import { buildDeskTicket, buildMessage } from '../../../test/support-fixtures';
import { SUPPORT_USER, serveDeskBasics } from '../test/desk-fixtures';
import { DeskTicketPage } from './desk-ticket-page';

const RENTAL_LINK = {
  kind: 'rental' as const,
  id: '80000000-0000-4000-8000-000000000001',
  serverName: 'Frankfurt Rust #2',
  game: 'rust',
  status: 'ACTIVE' as const,
  endsAt: '2026-11-21T18:30:00.000Z',
  runState: 'error' as const,
};

/** Serves `ticket` and records what was written to it and each typing ping. */
function serveTicket(ticket: DeskTicketDetail) {
  const written: unknown[] = [];
  const typing: string[] = [];
  server.use(
    http.get(`/api/admin/support/tickets/${ticket.id}`, () => HttpResponse.json({ data: ticket })),
    http.post(`/api/admin/support/tickets/${ticket.id}/messages`, async ({ request }) => {
      written.push(await request.json());
      return HttpResponse.json({ data: ticket }, { status: 201 });
    }),
    http.post(`/api/admin/support/tickets/${ticket.id}/typing`, () => {
      typing.push(ticket.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { written, typing };
}

/** The linked rental's renter–vendor messages as support reads them: none, unless told. */
const emptyThread = () =>
  buildRentalThread({ rentalId: RENTAL_LINK.id, side: null, writableUntil: null });

function renderTicket(ticket: DeskTicketDetail, thread = emptyThread()) {
  signIn(SUPPORT_USER);
  serveDeskBasics();
  const served = serveTicket(ticket);
  const { asked: threadAsked } = serveRentalThread('staff', RENTAL_LINK.id, thread);
  const view = renderInApp(<DeskTicketPage />, {
    path: '/admin/tickets/:ticketId',
    at: `/admin/tickets/${ticket.id}`,
  });
  return { ...view, ...served, threadAsked };
}

/** What the platform measured over a disputed rental: two hours down at 2.50 an hour. */
function serveEvidence(disputeId: string) {
  server.use(
    http.get(`/api/admin/disputes/${disputeId}/evidence`, () =>
      HttpResponse.json({
        data: {
          disputeId,
          rentalId: RENTAL_LINK.id,
          from: '2026-11-20T08:00:00.000Z',
          to: '2026-11-20T11:00:00.000Z',
          windowHours: 3,
          downHours: 2,
          renterStoppedHours: 0,
          noMeasurementHours: 0,
          pricePerHour: '2.500000',
          suggestedRefund: '5.000000',
          timeline: [],
          hours: [],
          powerActions: [],
          panelErrors: [],
        },
      }),
    ),
  );
}

describe('the desk ticket view', () => {
  it('keeps internal notes visibly apart from replies and warns of a colleague replying', async () => {
    const ticket = buildDeskTicket({
      subject: 'Lag at night',
      link: RENTAL_LINK,
      messages: [
        buildMessage({ body: 'It lags every **evening**.' }),
        buildMessage({
          kind: 'note',
          author: { name: 'Ada Agent', role: 'support' },
          body: 'Vendor says the host is fine.',
        }),
      ],
      othersReplying: [{ name: 'Demo Admin', since: '2026-11-20T12:00:00.000Z' }],
    });
    renderTicket(ticket);
    const note = (await screen.findByText('Vendor says the host is fine.')).closest('li')!;
    const reply = screen.getByText('evening').closest('li')!;
    expect(screen.getByText('evening').tagName).toBe('STRONG');
    expect(within(note).getByText('Internal note')).toBeInTheDocument();
    expect(within(reply).queryByText('Internal note')).toBeNull();
    expect(note.style.background).not.toBe(reply.style.background);

    expect(screen.getByRole('alert')).toHaveTextContent('Demo Admin is replying…');
    // The linked rental with its server's state, and the customer's account beside it.
    expect(screen.getByText('Frankfurt Rust #2')).toBeInTheDocument();
    expect(screen.getByText('error')).toBeInTheDocument();
    expect(screen.getByText('12.50 USDT')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('#42 Lag at night · Staff · CrimsonHost'));
  });

  it('fills a canned reply from the ticket, preselects its status and sends it', async () => {
    const ticket = buildDeskTicket({ link: RENTAL_LINK });
    const { user, written, typing } = renderTicket(ticket);
    await user.click(await screen.findByRole('combobox', { name: 'Insert a canned reply' }));
    await user.click(await screen.findByTitle('Ask for details'));
    const box = screen.getByRole('textbox', { name: 'Reply' });
    await waitFor(() =>
      expect(box).toHaveValue('Hello Ada Renter, about #42 on Frankfurt Rust #2.'),
    );
    expect(screen.getByTitle('and set to Waiting for you')).toBeInTheDocument();
    expect(typing).toEqual([ticket.id]);

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(written).toEqual([
        {
          message: 'Hello Ada Renter, about #42 on Frankfurt Rust #2.',
          internal: false,
          status: 'WAITING_CUSTOMER',
          attachmentIds: [],
        },
      ]),
    );
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    // The composer starts again, status and all.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue(''));
    expect(screen.queryByTitle('and set to Waiting for you')).toBeNull();
  });

  it('sends an internal note as internal, without a status, and pings while typing', async () => {
    const ticket = buildDeskTicket();
    const { user, written, typing } = renderTicket(ticket);
    await user.click(await screen.findByRole('radio', { name: 'Internal note' }));
    expect(screen.getByText(/^Internal note: only staff see it/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'and set the status to' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Checked the node: fine.');
    // Many keystrokes, one ping: at most one every 10 s.
    expect(typing).toEqual([ticket.id]);
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(written).toEqual([
        { message: 'Checked the node: fine.', internal: true, attachmentIds: [] },
      ]),
    );
    expect(await screen.findByText('Note added')).toBeInTheDocument();
  });

  it('asks for a message before sending', async () => {
    const { user, written } = renderTicket(buildDeskTicket());
    await user.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply is required')).toBeInTheDocument();
    expect(written).toEqual([]);
  });

  it('shows the dispute argued in the ticket and declines it with a reason', async () => {
    const dispute = {
      id: '30000000-0000-4000-8000-000000000009',
      rentalId: RENTAL_LINK.id,
      ticketId: 'set below',
      reason: 'UNREACHABLE' as const,
      status: 'OPEN' as const,
      outcome: null,
      openedAt: '2026-11-20T10:00:00.000Z',
      vendorAnswerDueAt: '2026-11-22T10:00:00.000Z',
      resolvedAt: null,
      refundHours: 0,
      refundAmount: '0.000000',
      compensationAmount: '0.000000',
    };
    const ticket = buildDeskTicket({ subject: 'Dispute: Frankfurt Rust #2', link: RENTAL_LINK });
    serveEvidence(dispute.id);
    const declined: unknown[] = [];
    server.use(
      http.post(`/api/admin/disputes/${dispute.id}/decline`, async ({ request }) => {
        declined.push(await request.json());
        return HttpResponse.json({
          data: { ...dispute, ticketId: ticket.id, status: 'RESOLVED', outcome: 'DECLINED' },
        });
      }),
    );
    const { user } = renderTicket({ ...ticket, dispute: { ...dispute, ticketId: ticket.id } });
    const card = (
      await screen.findByRole('heading', { level: 2, name: 'Dispute' }, { timeout: 10_000 })
    ).closest('.ant-card') as HTMLElement;
    expect(card).toHaveTextContent('Unreachable or down');
    expect(card).toHaveTextContent('The rental’s payment is held');
    await user.click(within(card).getByRole('button', { name: 'Decline dispute' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The renter gets nothing back');
    await user.type(
      within(dialog).getByLabelText('Reason'),
      'The panel shows it running all along.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline dispute' }));
    expect(
      await screen.findByText('Dispute declined: the payment goes on to the vendor.'),
    ).toBeInTheDocument();
    expect(declined).toEqual([{ reason: 'The panel shows it running all along.' }]);
  });

  it('refunds hours and gives credit, and says why a refund too large is refused', async () => {
    const dispute = {
      id: '30000000-0000-4000-8000-000000000010',
      rentalId: RENTAL_LINK.id,
      ticketId: 'set below',
      reason: 'UNREACHABLE' as const,
      status: 'OPEN' as const,
      outcome: null,
      openedAt: '2026-11-20T10:00:00.000Z',
      vendorAnswerDueAt: '2026-11-22T10:00:00.000Z',
      resolvedAt: null,
      refundHours: 0,
      refundAmount: '0.000000',
      compensationAmount: '0.000000',
    };
    const ticket = buildDeskTicket({ subject: 'Dispute: Frankfurt Rust #2', link: RENTAL_LINK });
    serveEvidence(dispute.id);
    const decided: unknown[] = [];
    server.use(
      http.post(`/api/admin/disputes/${dispute.id}/decide`, async ({ request }) => {
        const body = (await request.json()) as { refundHours: number };
        decided.push(body);
        if (body.refundHours > 3) {
          return HttpResponse.json(
            errorBody(
              'REFUND_TOO_LARGE',
              'At most 3 hours (7.500000 USDT) of this rental can be refunded: that is what the platform still holds for it.',
            ),
            { status: 422 },
          );
        }
        return HttpResponse.json({
          data: {
            ...dispute,
            ticketId: ticket.id,
            status: 'RESOLVED',
            outcome: 'REFUNDED_AND_COMPENSATED',
            refundHours: 2,
            refundAmount: '5.000000',
            compensationAmount: '1.250000',
          },
        });
      }),
    );
    const { user } = renderTicket({ ...ticket, dispute: { ...dispute, ticketId: ticket.id } });
    const card = (
      await screen.findByRole('heading', { level: 2, name: 'Dispute' }, { timeout: 10_000 })
    ).closest('.ant-card') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Refund or compensate' }));
    const dialog = await screen.findByRole('dialog');
    // The hours measured down fill the refund in, with what they come to.
    expect(
      await within(dialog).findByText('5.00 USDT: 2 × 2.50 USDT an hour.'),
    ).toBeInTheDocument();
    const hours = within(dialog).getByLabelText('Refund whole hours');
    await user.clear(hours);
    await user.type(hours, '5');
    const credit = within(dialog).getByLabelText('Compensation in platform credit');
    await user.clear(credit);
    await user.type(credit, '1.25');
    await user.type(within(dialog).getByLabelText('Reason'), 'Down two hours by the panel.');
    await user.click(within(dialog).getByRole('button', { name: 'Decide for the renter' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('At most 3 hours');

    await user.clear(hours);
    await user.type(hours, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Decide for the renter' }));
    expect(
      await screen.findByText('Dispute decided: 5.00 USDT refunded and 1.25 in credit given.'),
    ).toBeInTheDocument();
    expect(decided.at(-1)).toEqual({
      refundHours: 2,
      compensation: '1.25',
      reason: 'Down two hours by the panel.',
    });
  });

  it('answers an unknown ticket with not-found', async () => {
    signIn(SUPPORT_USER);
    serveDeskBasics();
    server.use(
      http.get('/api/admin/support/tickets/:id', () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'Ticket not found'), { status: 404 }),
      ),
    );
    renderInApp(<DeskTicketPage />, {
      path: '/admin/tickets/:ticketId',
      at: '/admin/tickets/30000000-0000-4000-8000-000000000999',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ticket not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute(
      'href',
      '/admin/tickets',
    );
  });

  it('reads the linked rental’s renter and vendor messages, without writing to them', async () => {
    const ticket = buildDeskTicket({ subject: 'Lag at night', link: RENTAL_LINK });
    const { threadAsked } = renderTicket(
      ticket,
      buildRentalThread({
        rentalId: RENTAL_LINK.id,
        server: { id: '00000000-0000-4000-8000-000000000077', name: 'Frankfurt Rust #2' },
        renter: { displayName: 'Ada Renter' },
        side: null,
        messages: [
          buildRentalMessage({
            side: 'renter',
            authorName: 'Ada Renter',
            body: 'The server lags every evening.',
          }),
          buildRentalMessage({ body: 'We moved it to a *faster* node.' }),
        ],
      }),
    );
    const card = (
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Renter and vendor messages' },
        { timeout: 10_000 },
      )
    ).closest('.ant-card') as HTMLElement;
    const list = await within(card).findByRole('list', {
      name: 'Messages about Frankfurt Rust #2',
    });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Ada RenterRenter');
    expect(first).toHaveTextContent('The server lags every evening.');
    expect(second).toHaveTextContent('Nordic HostingVendor');
    expect(within(second!).getByText('faster').tagName).toBe('EM');
    expect(card).toHaveTextContent('between Ada Renter (renter) and Nordic Hosting (vendor)');
    expect(card).toHaveTextContent(
      'Support reads these messages; only the renter and the vendor write here.',
    );
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByText('Seen')).toBeNull();
    expect(threadAsked.map((url) => url.pathname)).toEqual([
      `/api/admin/rentals/${RENTAL_LINK.id}/messages`,
    ]);
  });

  it('asks for no renter–vendor messages when the ticket is about no rental', async () => {
    const { threadAsked } = renderTicket(buildDeskTicket({ subject: 'Password reset' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Password reset/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Renter and vendor messages' })).toBeNull();
    expect(threadAsked).toEqual([]);
  });
});
