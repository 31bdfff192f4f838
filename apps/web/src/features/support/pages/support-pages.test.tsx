import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { renderRoute } from '../../../test/render-route';
import { buildMessage, buildTicket } from '../../../test/support-fixtures';
import { FaqPage } from './faq-page';
import { MyTicketsPage } from './my-tickets-page';
import { NewTicketPage } from './new-ticket-page';
import { TicketPage } from './ticket-page';

const LOAD = { timeout: 10_000 };
const empty = {
  data: [],
  meta: { page: 1, pageSize: 100, total: 0, totalExact: true, nextCursor: null },
};

function serveNewTicketLists() {
  server.use(
    http.get('/api/rentals', () => HttpResponse.json(empty)),
    http.get('/api/wallet/transactions', () => HttpResponse.json(empty)),
    http.get('/api/support/settings', () =>
      HttpResponse.json({
        data: {
          notifyStaffReply: true,
          notifyStatusChange: true,
          notifyResolved: true,
          weeklyDigest: false,
          defaultCategory: 'BILLING',
        },
      }),
    ),
  );
}

describe('the support layout', () => {
  it('sends /support to My Tickets under the Support Center title and its three tabs', async () => {
    const { router } = renderRoute('/support');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support Center' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('Get help and track your support requests')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'My Tickets',
      'FAQ',
      'Settings',
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/tickets'));
    // A visitor is told how to get help.
    expect(
      await screen.findByRole('link', { name: 'Open a ticket with your e-mail' }, LOAD),
    ).toBeInTheDocument();
  });
});

describe('My Tickets', () => {
  it('lists my tickets with an unread marker and puts the status filter in the URL', async () => {
    signIn();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/support/tickets', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: [
            buildTicket({ subject: 'Refund question', unread: true }),
            buildTicket({ subject: 'Old one', status: 'CLOSED' }),
          ],
          meta: { page: 1, pageSize: 20, total: 2 },
        });
      }),
    );
    const { user, router } = renderInApp(<MyTicketsPage />, {
      path: '/support/tickets',
      at: '/support/tickets',
    });
    expect(await screen.findByRole('link', { name: 'Refund question' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('New reply')).toHaveClass('visually-hidden');
    await user.click(screen.getByRole('combobox', { name: 'Show tickets by status' }));
    await user.click(await screen.findByTitle('Closed'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=CLOSED'));
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('CLOSED'));
  });
});

describe('a new ticket', () => {
  it("says which fields are missing in the spec's words, and keeps Urgent for an active rental", async () => {
    signIn();
    serveNewTicketLists();
    server.use(http.get('/api/support/faq/suggestions', () => HttpResponse.json({ data: [] })));
    const { user } = renderInApp(<NewTicketPage />, {
      path: '/support/tickets/new',
      at: '/support/tickets/new',
    });
    await user.click(await screen.findByRole('button', { name: 'Send ticket' }, LOAD));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByText(/Urgent is for a problem with an active rental/)).toBeInTheDocument();
    // The default category comes from my support settings.
    await waitFor(() => expect(screen.getByTitle('Billing')).toBeInTheDocument());
  });

  it('shows the FAQ answers that match what is being written, and leaves the form when one answered it', async () => {
    signIn();
    serveNewTicketLists();
    const deflected: string[] = [];
    const article = {
      id: '40000000-0000-4000-8000-000000000001',
      slug: 'late-payments',
      title: 'A payment that arrived late',
      body: 'It is **still credited** for what arrived.',
      category: { slug: 'deposits', name: 'Deposits & payments' },
      updatedAt: '2026-11-01T00:00:00.000Z',
      helpfulYes: 0,
      helpfulNo: 0,
    };
    server.use(
      http.get('/api/support/faq/suggestions', () =>
        HttpResponse.json({
          data: [
            {
              article,
              title: [
                { text: 'A payment that arrived ', match: false },
                { text: 'late', match: true },
              ],
              snippet: [],
            },
          ],
        }),
      ),
      http.post('/api/support/faq/articles/:id/deflections', ({ params }) => {
        deflected.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderInApp(<NewTicketPage />, {
      path: '/support/tickets/new',
      at: '/support/tickets/new',
    });
    await user.type(await screen.findByLabelText('Subject', {}, LOAD), 'My deposit arrived late');
    expect(await screen.findByText('late', { selector: 'mark' }, LOAD)).toBeInTheDocument();
    await user.click(screen.getByText('late', { selector: 'mark' }));
    await user.click(await screen.findByRole('button', { name: 'This answered my question' }));
    expect(await screen.findByText('Glad that helped')).toBeInTheDocument();
    await waitFor(() => expect(deflected).toEqual([article.id]));
  });
});

describe('the conversation', () => {
  it('renders Markdown without raw HTML, with roles, event lines and files', async () => {
    signIn();
    const ticket = buildTicket({
      messages: [
        buildMessage({
          body: 'It **lags**. <img src=x onerror="alert(1)"> <script>alert(2)</script>',
        }),
        buildMessage({
          kind: 'event',
          author: { name: 'Ada', role: 'support' },
          body: 'Ada took the ticket.',
          event: { from: 'OPEN', to: 'IN_PROGRESS' },
        }),
        buildMessage({
          author: { name: 'Ada', role: 'support' },
          body: 'Please restart it.',
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
    server.use(
      http.get(`/api/support/tickets/${ticket.id}`, () => HttpResponse.json({ data: ticket })),
    );
    const { container } = renderInApp(<TicketPage />, {
      path: '/support/tickets/:ticketId',
      at: `/support/tickets/${ticket.id}`,
    });
    const conversation = await screen.findByRole('list', { name: 'Conversation' }, LOAD);
    expect(within(conversation).getByText('lags', { selector: 'strong' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(within(conversation).getByText('You')).toBeInTheDocument();
    expect(within(conversation).getByText('Support')).toBeInTheDocument();
    expect(within(conversation).getByText(/Ada took the ticket\./)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download steps.pdf, application/pdf, 2 KB' }),
    ).toBeInTheDocument();
  });

  it("answers another user's ticket with the not-found state", async () => {
    signIn();
    server.use(
      http.get('/api/support/tickets/:id', () =>
        HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'Ticket not found' } },
          { status: 404 },
        ),
      ),
    );
    renderInApp(<TicketPage />, {
      path: '/support/tickets/:ticketId',
      at: '/support/tickets/00000000-0000-4000-8000-000000000000',
    });
    expect(await screen.findByText('Ticket not found', {}, LOAD)).toBeInTheDocument();
  });

  it('closes the ticket only after a confirmation', async () => {
    signIn();
    const ticket = buildTicket();
    let closed = 0;
    server.use(
      http.get(`/api/support/tickets/${ticket.id}`, () => HttpResponse.json({ data: ticket })),
      http.post(`/api/support/tickets/${ticket.id}/close`, () => {
        closed += 1;
        return HttpResponse.json({ data: { ...ticket, status: 'CLOSED', replyReopens: true } });
      }),
    );
    const { user } = renderInApp(<TicketPage />, {
      path: '/support/tickets/:ticketId',
      at: `/support/tickets/${ticket.id}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }, LOAD));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Close ticket' })).toHaveLength(2),
    );
    expect(closed).toBe(0);
    await user.click(screen.getAllByRole('button', { name: 'Close ticket' })[1]!);
    await waitFor(() => expect(closed).toBe(1));
    expect(
      await screen.findByText('This ticket is closed. Replying reopens it.'),
    ).toBeInTheDocument();
  });
});

describe('the FAQ', () => {
  it('highlights what a search found', async () => {
    const article = {
      id: '40000000-0000-4000-8000-000000000002',
      slug: 'confirmations-and-fees',
      title: 'Confirmations and network fees',
      body: 'Twenty confirmations on TRC20.',
      category: { slug: 'deposits', name: 'Deposits & payments' },
      updatedAt: '2026-11-01T00:00:00.000Z',
      helpfulYes: 3,
      helpfulNo: 0,
    };
    server.use(
      http.get('/api/support/faq', ({ request }) =>
        HttpResponse.json({
          data: {
            categories: [{ slug: 'deposits', name: 'Deposits & payments', articles: [article] }],
            hits: new URL(request.url).searchParams.get('q')
              ? [
                  {
                    article,
                    title: [
                      { text: 'Confirmations', match: true },
                      { text: ' and network fees', match: false },
                    ],
                    snippet: [
                      { text: 'Twenty ', match: false },
                      { text: 'confirmations', match: true },
                    ],
                  },
                ]
              : null,
          },
        }),
      ),
    );
    renderInApp(<FaqPage />, { path: '/support/faq', at: '/support/faq?q=confirmations' });
    expect(
      await screen.findByText('Confirmations', { selector: 'mark' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('confirmations', { selector: 'mark' })).toBeInTheDocument();
  });
});
