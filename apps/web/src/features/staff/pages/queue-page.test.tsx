import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { buildDeskTicket } from '../../../test/support-fixtures';
import { SUPPORT_USER, serveDeskBasics, serveQueue } from '../test/desk-fixtures';
import { QueuePage } from './queue-page';

const overdue = buildDeskTicket({ number: 42, subject: 'Server will not start' });
const dueLater = buildDeskTicket({
  number: 43,
  subject: 'Refund for a cancelled rental',
  category: 'BILLING',
  assignee: { id: SUPPORT_USER.id, name: 'Demo Support', email: SUPPORT_USER.email },
  sla: {
    kind: 'next',
    dueAt: '2026-11-20T16:10:00.000Z',
    secondsLeft: 7800,
    overdue: false,
    paused: false,
  },
});
const waiting = buildDeskTicket({
  number: 44,
  subject: 'Which port do I use?',
  status: 'WAITING_CUSTOMER',
  sla: { kind: 'next', dueAt: null, secondsLeft: 3600, overdue: false, paused: true },
});

function renderQueue(at = '/admin/tickets') {
  signIn(SUPPORT_USER);
  serveDeskBasics();
  return renderInApp(<QueuePage />, { path: '/admin/tickets', at });
}

describe('the ticket queue', () => {
  it('lists the tickets with requester, assignee and the SLA in words', async () => {
    const { asked } = serveQueue([overdue, dueLater, waiting]);
    renderQueue();
    expect(await screen.findByRole('link', { name: 'Server will not start' })).toHaveAttribute(
      'href',
      `/admin/tickets/${overdue.id}`,
    );
    const late = screen.getByText('Overdue by 30 min');
    expect(late.closest('.ant-typography')).toHaveClass('ant-typography-danger');
    expect(screen.getByText('2 h 10 min left')).toBeInTheDocument();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getAllByText('ada@example.com')).toHaveLength(3);
    const mine = screen.getByRole('link', { name: 'Refund for a cancelled rental' }).closest('tr')!;
    expect(within(mine).getByText('Demo Support')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /^Claim/ })).toBeNull();
    // The default view: tickets not ended, soonest due first.
    expect(asked[0]!.searchParams.get('status')).toBe('ACTIVE');
    expect(asked[0]!.searchParams.get('sort')).toBe('sla');
    await waitFor(() => expect(document.title).toBe('Tickets · Staff · CrimsonHost'));
  });

  it('writes each filter to the URL and asks the API for it', async () => {
    const { asked } = serveQueue([overdue]);
    const { router, user } = renderQueue('/admin/tickets?page=2');
    await screen.findByRole('link', { name: 'Server will not start' });

    await user.click(screen.getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByTitle('Urgent'));
    await waitFor(() => expect(router.state.location.search).toBe('?priority=URGENT'));

    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?priority=URGENT&overdue=true'));

    await user.type(screen.getByRole('searchbox', { name: /^Search subject/ }), 'lag{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?priority=URGENT&overdue=true&q=lag'),
    );
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect(last.get('priority')).toBe('URGENT');
      expect(last.get('overdue')).toBe('true');
      expect(last.get('q')).toBe('lag');
      expect(last.get('page')).toBe('1');
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('claims an unassigned ticket', async () => {
    serveQueue([overdue]);
    const claimed: string[] = [];
    server.use(
      http.post('/api/admin/support/tickets/:id/claim', ({ params }) => {
        claimed.push(String(params.id));
        return HttpResponse.json({
          data: {
            ...overdue,
            status: 'IN_PROGRESS',
            assignee: { ...SUPPORT_USER, name: 'Demo Support' },
          },
        });
      }),
    );
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Claim ticket #42' }));
    await waitFor(() => expect(claimed).toEqual([overdue.id]));
    expect(await screen.findByText('#42 is yours')).toBeInTheDocument();
  });

  it('sets one status on the selected tickets after a confirmation', async () => {
    serveQueue([overdue, dueLater]);
    let sent: unknown = null;
    server.use(
      http.post('/api/admin/support/tickets/bulk-status', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { updated: 2 } });
      }),
    );
    const { user } = renderQueue();
    await user.click(await screen.findByRole('checkbox', { name: 'Select ticket #42' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select ticket #43' }));
    const bar = screen.getByRole('region', { name: 'Change the selected tickets' });
    expect(within(bar).getByText('2 tickets selected')).toBeInTheDocument();

    await user.click(within(bar).getByRole('combobox', { name: /^New status/ }));
    await user.click(await screen.findByTitle('Resolved'));
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Set 2 tickets to Resolved?')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(sent).toEqual({ ids: [overdue.id, dueLater.id], status: 'RESOLVED' }),
    );
    expect(await screen.findByText('2 tickets changed')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Change the selected tickets' })).toBeNull(),
    );
  });

  it('says when nothing matches, and offers Retry when the queue cannot load', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/support/tickets', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The desk is down.'), { status: 500 })
          : HttpResponse.json({ data: [], meta: { page: 1, pageSize: 20, total: 0 } }),
      ),
    );
    const { user } = renderQueue();
    expect(await screen.findByText('The queue could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No tickets match these filters.')).toBeInTheDocument();
  });
});
