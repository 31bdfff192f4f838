import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TicketDetail } from '@crimsonhost/shared/support';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { buildMessage, buildTicket } from '../../../test/support-fixtures';
import { TICKET_REFRESH_MS, ticketQueryOptions } from '../api/get-ticket';
import { TicketPage } from './ticket-page';

const LOAD = { timeout: 10_000 };
const RENTAL_ID = '10000000-0000-4000-8000-000000000001';
const TRANSACTION_ID = '20000000-0000-4000-8000-000000000001';

const openTicket = (id: string, search = '') =>
  renderInApp(<TicketPage />, {
    path: '/support/tickets/:ticketId',
    at: `/support/tickets/${id}${search}`,
  });

/** GET of the ticket answers `ticket` (or what `next()` gives, when set). */
function serveTicket(ticket: TicketDetail, next?: () => TicketDetail) {
  let reads = 0;
  server.use(
    http.get(`/api/support/tickets/${ticket.id}`, () => {
      reads += 1;
      return HttpResponse.json({ data: next ? next() : ticket });
    }),
  );
  return { reads: () => reads };
}

describe('the conversation', () => {
  it('shows Markdown, raw HTML as plain text, roles, event lines, files and the linked rental', async () => {
    signIn();
    const ticket = buildTicket({
      number: 42,
      subject: 'Rust server lags',
      link: {
        kind: 'rental',
        id: RENTAL_ID,
        serverName: 'Frankfurt Rust #2',
        game: 'rust',
        status: 'ACTIVE',
        endsAt: '2026-11-21T10:00:00.000Z',
        runState: 'error',
      },
      messages: [
        buildMessage({
          author: { name: 'Ada Renter', role: 'customer' },
          body: 'It **lags**. <img src=x onerror=alert(1)> [docs](https://example.com/docs)',
        }),
        buildMessage({
          kind: 'event',
          author: { name: 'Sam', role: 'support' },
          body: 'Sam took the ticket.',
          event: { from: 'OPEN', to: 'IN_PROGRESS' },
        }),
        buildMessage({
          author: { name: 'Sam', role: 'support' },
          body: 'Please restart it. <script>alert(2)</script>',
          attachments: [
            {
              id: '50000000-0000-4000-8000-000000000001',
              name: 'steps.pdf',
              contentType: 'application/pdf',
              size: 2048,
            },
          ],
        }),
      ],
    });
    serveTicket(ticket);
    const { container } = openTicket(ticket.id);

    expect(
      await screen.findByRole('heading', { level: 2, name: '#42 Rust server lags' }, LOAD),
    ).toBeInTheDocument();
    expect(document.title).toBe('#42 Rust server lags · CrimsonHost');
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('lags', { selector: 'strong' })).toBeInTheDocument();
    // HTML in a message is the text it is: nothing of it becomes an element.
    expect(within(conversation).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(within(conversation).getByText(/<script>alert\(2\)<\/script>/)).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
    const link = within(conversation).getByRole('link', { name: 'docs' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveAttribute('target', '_blank');

    const [mine, , theirs] = within(conversation).getAllByRole('listitem');
    expect(within(mine!).getByText('Ada Renter')).toBeInTheDocument();
    expect(within(mine!).getByText('You')).toBeInTheDocument();
    expect(within(theirs!).getByText('Support')).toBeInTheDocument();
    expect(within(theirs!).getByText('20 Nov 2026, 10:00').tagName).toBe('TIME');
    expect(within(conversation).getByText(/Sam took the ticket\./)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download steps.pdf, application/pdf, 2 KB' }),
    ).toBeInTheDocument();

    // The rental it is about, as it is now.
    expect(screen.getByText('Frankfurt Rust #2')).toBeInTheDocument();
    expect(screen.getByText('Rust')).toBeInTheDocument();
    expect(screen.getByText('error')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Rentals' })).toHaveAttribute('href', '/rentals');
  });

  it('shows a linked transaction with a link to its status view', async () => {
    signIn();
    const ticket = buildTicket({
      link: {
        kind: 'transaction',
        id: TRANSACTION_ID,
        type: 'DEPOSIT',
        status: 'PENDING',
        amount: '25.000000',
        currency: 'USDT',
        description: 'Deposit via TRC20',
        createdAt: '2026-11-20T09:00:00.000Z',
      },
    });
    serveTicket(ticket);
    openTicket(ticket.id);
    expect(await screen.findByText('Deposit', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('25.00 USDT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View transaction' })).toHaveAttribute(
      'href',
      `/wallet/transactions/${TRANSACTION_ID}`,
    );
  });

  it('reads the ticket again when the window regains focus, and every 15 s', async () => {
    signIn();
    const ticket = buildTicket();
    let replied = false;
    serveTicket(ticket, () =>
      replied
        ? {
            ...ticket,
            messages: [
              ...ticket.messages,
              buildMessage({ author: { name: 'Sam', role: 'support' }, body: 'Fixed it.' }),
            ],
          }
        : ticket,
    );
    openTicket(ticket.id);
    await screen.findByRole('list', { name: 'Conversation' }, LOAD);
    replied = true;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('Fixed it.')).toBeInTheDocument();
    act(() => focusManager.setFocused(undefined));
    expect(TICKET_REFRESH_MS).toBe(15_000);
    expect(ticketQueryOptions(ticket.id).refetchInterval).toBe(TICKET_REFRESH_MS);
  });

  it("answers another user's ticket, or an unknown one, with the not-found state", async () => {
    signIn();
    server.use(
      http.get('/api/support/tickets/:id', () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'Ticket not found'), { status: 404 }),
      ),
    );
    openTicket('00000000-0000-4000-8000-000000000000');
    expect(
      await screen.findByRole('heading', { name: 'Ticket not found' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Tickets' })).toHaveAttribute(
      'href',
      '/support/tickets',
    );
    expect(document.title).toBe('Ticket not found · CrimsonHost');
  });

  it('asks a visitor to sign in', async () => {
    const id = '30000000-0000-4000-8000-000000000009';
    openTicket(id);
    expect(await screen.findByText(/Sign in to read this ticket/, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(`/support/tickets/${id}`)}`,
    );
  });
});

describe('acting on a ticket', () => {
  it('closes the ticket only after a confirmation', async () => {
    signIn();
    const ticket = buildTicket();
    let closed = 0;
    serveTicket(ticket);
    server.use(
      http.post(`/api/support/tickets/${ticket.id}/close`, () => {
        closed += 1;
        return HttpResponse.json({
          data: {
            ...ticket,
            status: 'CLOSED',
            closedAt: new Date().toISOString(),
            replyReopens: true,
          },
        });
      }),
    );
    const { user } = openTicket(ticket.id);
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }, LOAD));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Close this ticket?')).toBeInTheDocument();
    expect(closed).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(
      await screen.findByText('This ticket is closed. Replying reopens it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close ticket' })).toBeNull();
  });

  it('sends a reply, and opens the new ticket a reply to a long-closed one starts', async () => {
    signIn();
    const ticket = buildTicket({ status: 'CLOSED', replyStartsNew: true });
    const followUp = buildTicket({
      number: 43,
      subject: 'Rust server lags',
      followsTicket: { id: ticket.id, number: ticket.number },
    });
    let sent: unknown;
    serveTicket(ticket);
    serveTicket(followUp);
    server.use(
      http.post(`/api/support/tickets/${ticket.id}/messages`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: followUp }, { status: 201 });
      }),
    );
    const { user, router } = openTicket(ticket.id);
    expect(
      await screen.findByText(/Replying starts a new ticket linked to this one/, {}, LOAD),
    ).toBeInTheDocument();
    await user.click(screen.getByLabelText('Your reply', { selector: 'textarea' }));
    await user.paste('It lags again since yesterday.');
    await user.click(screen.getByRole('button', { name: 'Send as a new ticket' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/support/tickets/${followUp.id}`),
    );
    expect(sent).toEqual({ message: 'It lags again since yesterday.', attachmentIds: [] });
    expect(await screen.findByText(/Your reply opened ticket #43/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: `#${ticket.number}` })).toHaveAttribute(
      'href',
      `/support/tickets/${ticket.id}`,
    );
  });

  it('takes a rating once, then shows it', async () => {
    signIn();
    const ticket = buildTicket({ status: 'RESOLVED', canRate: true });
    let rated: unknown;
    serveTicket(ticket);
    server.use(
      http.post(`/api/support/tickets/${ticket.id}/rating`, async ({ request }) => {
        rated = await request.json();
        return HttpResponse.json({
          data: { ...ticket, canRate: false, rating: { score: 4, comment: 'Quick and clear.' } },
        });
      }),
    );
    const { user } = openTicket(ticket.id);
    expect(await screen.findByText('How did we do?', {}, LOAD)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send rating' });
    expect(send).toBeDisabled();
    // From the keyboard: the stars take the focus, the right arrow adds one. (user-event sends
    // no keyCode, which Ant Design's Rate reads.)
    const stars = screen.getByLabelText('Rate the answer from 1 to 5 stars');
    stars.focus();
    for (let i = 0; i < 4; i += 1) fireEvent.keyDown(stars, { key: 'ArrowRight', keyCode: 39 });
    await user.click(screen.getByRole('textbox', { name: 'Comment (optional)' }));
    await user.paste('Quick and clear.');
    await user.click(send);
    expect(await screen.findByText('Your rating')).toBeInTheDocument();
    expect(rated).toEqual({ score: 4, comment: 'Quick and clear.' });
    expect(screen.queryByText('How did we do?')).toBeNull();
    expect(screen.getByText('Quick and clear.')).toBeInTheDocument();
  });
});
