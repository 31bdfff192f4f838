import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { buildSummary, ticketList } from '../test/support-handlers';
import { MyTicketsPage } from './my-tickets-page';

const LOAD = { timeout: 10_000 };
const at = (search = '') =>
  renderInApp(<MyTicketsPage />, { path: '/support/tickets', at: `/support/tickets${search}` });

/** Answers the list and keeps each query string asked. */
function serveTickets(answer: (search: URLSearchParams) => ReturnType<typeof ticketList>) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/support/tickets', ({ request }) => {
      const search = new URL(request.url).searchParams;
      asked.push(search);
      return HttpResponse.json(answer(search));
    }),
  );
  return asked;
}

describe('My Tickets', () => {
  it('lists my tickets with number, tags, last activity and an unread marker', async () => {
    signIn();
    serveTickets(() =>
      ticketList([
        buildSummary({
          number: 1042,
          subject: 'Refund question',
          unread: true,
          category: 'BILLING',
        }),
        buildSummary({ number: 1041, subject: 'Old one', status: 'CLOSED', priority: 'LOW' }),
      ]),
    );
    at();
    const unread = await screen.findByRole('link', { name: 'Refund question (New reply)' }, LOAD);
    expect(unread).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/support\/tickets\/[0-9a-f-]{36}$/),
    );
    expect(within(unread).getByText('(New reply)')).toHaveClass('visually-hidden');
    expect(screen.getByRole('link', { name: 'Old one' })).toBeInTheDocument();
    const row = unread.closest('tr')!;
    expect(within(row).getByText('#1042')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('Billing')).toBeInTheDocument();
    const activity = within(row).getByText('3 hours ago');
    expect(activity.tagName).toBe('TIME');
    expect(activity).toHaveAttribute('title', expect.stringMatching(/\d{4}, \d\d:\d\d$/));
    expect(screen.getAllByRole('link', { name: 'New ticket' })[0]).toHaveAttribute(
      'href',
      '/support/tickets/new',
    );
    expect(document.title).toBe('My Tickets · CrimsonHost');
  });

  it('puts the status filter and the subject search in the URL and asks for them', async () => {
    signIn();
    const asked = serveTickets(() => ticketList([buildSummary({ subject: 'Refund question' })]));
    const { user, router } = at();
    await screen.findByRole('link', { name: 'Refund question' }, LOAD);

    await user.click(screen.getByRole('combobox', { name: 'Show tickets by status' }));
    await user.click(await screen.findByTitle('Closed'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=CLOSED'));
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('CLOSED'));

    // The search waits for a pause in typing, then goes to the URL (and back to page 1).
    await user.type(screen.getByRole('searchbox', { name: 'Search by subject' }), 'refund');
    expect(router.state.location.search).toBe('?status=CLOSED');
    await waitFor(() => expect(router.state.location.search).toBe('?status=CLOSED&q=refund'));
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('refund'));
    expect(asked.filter((search) => search.get('q')?.startsWith('r'))).toHaveLength(1);
  });

  it('reads the filter, search and page from the URL', async () => {
    signIn();
    const asked = serveTickets(() =>
      ticketList([buildSummary({ subject: 'Second page' })], { page: 2, total: 51 }),
    );
    at('?status=WAITING_CUSTOMER&q=lag&page=2&pageSize=50');
    await screen.findByRole('link', { name: 'Second page' }, LOAD);
    expect(Object.fromEntries(asked[0]!)).toEqual({
      status: 'WAITING_CUSTOMER',
      q: 'lag',
      page: '2',
      pageSize: '50',
    });
    expect(screen.getByRole('searchbox', { name: 'Search by subject' })).toHaveValue('lag');
    expect(screen.getByText('51-51 of 51')).toBeInTheDocument();
  });

  it('shows cards below 768 px', async () => {
    setViewportWidth(375);
    signIn();
    serveTickets(() => ticketList([buildSummary({ subject: 'On a phone', unread: true })]));
    at();
    const list = await screen.findByRole('list', { name: 'My tickets' }, LOAD);
    expect(within(list).getByRole('link', { name: 'On a phone (New reply)' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when there are no tickets yet, and offers a new one', async () => {
    signIn();
    serveTickets(() => ticketList([]));
    at();
    expect(await screen.findByText('You have no tickets yet.', {}, LOAD)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New ticket' })).toHaveLength(2);
  });

  it('says why the list failed and reads it again on Retry', async () => {
    signIn();
    let calls = 0;
    server.use(
      http.get('/api/support/tickets', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(errorBody('INTERNAL', 'The database is not answering.'), {
              status: 503,
            })
          : HttpResponse.json(ticketList([buildSummary({ subject: 'Back again' })]));
      }),
    );
    const { user } = at();
    expect(
      await screen.findByText('Your tickets could not be loaded', {}, LOAD),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });

  it('tells a visitor how to get help: Sign in, or a ticket by e-mail', async () => {
    at();
    expect(
      await screen.findByText(/Sign in to see your support tickets/, {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/support/tickets')}`,
    );
    expect(screen.getByRole('link', { name: 'Open a ticket with your e-mail' })).toHaveAttribute(
      'href',
      '/support/tickets/new',
    );
    expect(screen.getByRole('link', { name: 'Browse the FAQ' })).toHaveAttribute(
      'href',
      '/support/faq',
    );
  });
});
