import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderRoute } from '../../test/render-route';

const LOAD = { timeout: 10_000 };

function serveEmptyFaq() {
  server.use(
    http.get('/api/support/faq', () => HttpResponse.json({ data: { categories: [], hits: null } })),
  );
}

describe('the support layout', () => {
  it('sends /support to My Tickets under the Support Center title, subtitle and three tabs', async () => {
    const { router } = renderRoute('/support');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support Center' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('Get help and track your support requests')).toBeInTheDocument();
    const tabs = screen.getByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['My Tickets', 'FAQ', 'Settings']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/tickets'));
    expect(screen.getByRole('tab', { name: 'My Tickets' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // A visitor is told how to get help.
    const main = screen.getByRole('main');
    expect(
      await within(main).findByRole('link', { name: 'Open a ticket with your e-mail' }, LOAD),
    ).toHaveAttribute('href', '/support/tickets/new');
    expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/support/tickets')}`,
    );
  });

  it('goes to the FAQ with its tab, by pointer and by keyboard', async () => {
    serveEmptyFaq();
    const { router, user } = renderRoute('/support/tickets');
    await user.click(await screen.findByRole('tab', { name: 'FAQ' }, LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/faq'));
    expect(await screen.findByRole('searchbox', { name: 'Search the FAQ' }, LOAD)).toBeVisible();
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');

    screen.getByRole('tab', { name: 'FAQ' }).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/settings'));
    expect(
      await screen.findByText(/Sign in to choose which support mails you get/, {}, LOAD),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'a ticket',
      '/support/tickets/30000000-0000-4000-8000-000000000001',
      /Sign in to read this ticket/,
    ],
    ['a new ticket', '/support/tickets/new', /You are not signed in/],
  ])('keeps My Tickets chosen on %s', async (_name, path, text) => {
    renderRoute(path);
    expect(await screen.findByText(text, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Tickets' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
