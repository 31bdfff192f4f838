import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { renderInApp, signIn } from '../../test/rental-fixtures';
import { buildDeskTicket, buildMessage } from '../../test/support-fixtures';
import { fillPlaceholders } from './pages/desk-ticket-page';
import { StaffArea } from './staff-area';

const LOAD = { timeout: 10_000 };

/** The staff-area token exchange and the lists every desk page asks for. */
function serveDesk(tickets = [buildDeskTicket({ subject: 'Server will not start' })]) {
  const claimed: string[] = [];
  server.use(
    http.post('/api/auth/client-token', () =>
      HttpResponse.json({
        data: {
          access_token: 'staff-token',
          expires_in: 3600,
          token_type: 'Bearer',
          client: 'SUPPORT',
        },
      }),
    ),
    http.get('/api/admin/support/agents', () =>
      HttpResponse.json({
        data: [
          {
            id: '60000000-0000-4000-8000-000000000001',
            name: 'Ada Agent',
            email: 'ada@crimsonhost.demo',
          },
        ],
      }),
    ),
    http.get('/api/admin/support/tickets', () =>
      HttpResponse.json({ data: tickets, meta: { page: 1, pageSize: 20, total: tickets.length } }),
    ),
    http.post('/api/admin/support/tickets/:id/claim', ({ params }) => {
      claimed.push(String(params.id));
      return HttpResponse.json({ data: tickets[0] });
    }),
    http.get('/api/admin/support/canned-replies', () =>
      HttpResponse.json({
        data: [
          {
            id: '70000000-0000-4000-8000-000000000001',
            title: 'Ask for details',
            body: 'Hello {{customer.name}}, about #{{ticket.number}} on {{rental.server}}.',
            status: 'WAITING_CUSTOMER',
          },
        ],
      }),
    ),
  );
  return { claimed };
}

describe('the staff area', () => {
  it('sends a visitor to sign in, and shows a renter the not-found page', async () => {
    const visitor = renderInApp(<StaffArea />, { path: '/admin/*', at: '/admin/tickets' });
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'), LOAD);
    expect(visitor.router.state.location.search).toBe('?redirectTo=%2Fadmin%2Ftickets');
    visitor.unmount();

    signIn(buildUser({ role: 'user' }));
    renderInApp(<StaffArea />, { path: '/admin/*', at: '/admin/tickets' });
    expect(await screen.findByText('Page not found', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).toBeNull();
  });

  it('shows support the queue with its SLA, and claims an unassigned ticket', async () => {
    signIn(buildUser({ role: 'support' }));
    const { claimed } = serveDesk();
    const { user } = renderInApp(<StaffArea />, { path: '/admin/*', at: '/admin/tickets' });
    expect(
      await screen.findByRole('link', { name: 'Server will not start' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('Overdue by 30 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Claim ticket #/ }));
    await waitFor(() => expect(claimed).toHaveLength(1));
  });

  it('keeps notes apart, warns of a colleague replying, and fills a canned reply', async () => {
    signIn(buildUser({ role: 'support' }));
    const ticket = buildDeskTicket({
      subject: 'Lag at night',
      messages: [
        buildMessage({ body: 'It lags.' }),
        buildMessage({
          kind: 'note',
          author: { name: 'Ada Agent', role: 'support' },
          body: 'Vendor says the host is fine.',
        }),
      ],
      othersReplying: [{ name: 'Grace Admin', since: '2026-11-20T12:00:00.000Z' }],
    });
    serveDesk([ticket]);
    server.use(
      http.get(`/api/admin/support/tickets/${ticket.id}`, () =>
        HttpResponse.json({ data: ticket }),
      ),
    );
    const { user } = renderInApp(<StaffArea />, {
      path: '/admin/*',
      at: `/admin/tickets/${ticket.id}`,
    });
    expect(
      await screen.findByText('Internal note', { selector: '.ant-tag' }, LOAD),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Grace Admin is replying to this ticket right now.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Insert a canned reply' }));
    await user.click(await screen.findByTitle('Ask for details'));
    await waitFor(() =>
      expect(screen.getByLabelText('Reply', { selector: 'textarea' })).toHaveValue(
        'Hello Ada Renter, about #42 on your server.',
      ),
    );
  });

  it('fills the placeholders of a canned reply from the ticket and its rental', () => {
    const ticket = buildDeskTicket({
      link: {
        kind: 'rental',
        id: '80000000-0000-4000-8000-000000000001',
        serverName: 'Frankfurt Rust #2',
        game: 'rust',
        status: 'ACTIVE',
        endsAt: '2026-11-21T18:30:00.000Z',
        runState: 'error',
      },
    });
    expect(
      fillPlaceholders(
        '{{customer.name}}: {{rental.server}} until {{rental.endsAt}}, {{unknown}}',
        ticket,
      ),
    ).toMatch(/^Ada Renter: Frankfurt Rust #2 until \d+ November 2026, \d\d:30, \{\{unknown\}\}$/);
  });
});
