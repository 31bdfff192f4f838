import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FaqArticle } from '@crimsonhost/shared/support';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp } from '../../../test/rental-fixtures';
import { buildArticle, hitOf } from '../test/support-handlers';
import { FaqPage } from './faq-page';

const LOAD = { timeout: 10_000 };
const openFaq = (at = '/support/faq') => renderInApp(<FaqPage />, { path: '/support/faq', at });

const confirmations = buildArticle({
  slug: 'confirmations-and-fees',
  title: 'Confirmations and network fees',
  body: 'A deposit counts once it has **20 confirmations** on TRC20.',
});
const refunds = buildArticle({
  slug: 'cancelling-and-refunds',
  title: 'Cancelling a rental and refunds',
  body: 'Unused whole hours come back to your wallet.',
  category: { slug: 'rentals', name: 'Renting' },
});

/** GET /api/support/faq: both categories; with `q`, the articles whose title has it. */
function serveFaq(articles: FaqArticle[] = [confirmations, refunds]) {
  const searched: string[] = [];
  const viewed: string[] = [];
  server.use(
    http.get('/api/support/faq', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      searched.push(q ?? '');
      const categories = [...new Set(articles.map((a) => a.category.slug))].map((slug) => ({
        slug,
        name: articles.find((a) => a.category.slug === slug)!.category.name,
        articles: articles.filter((a) => a.category.slug === slug),
      }));
      const hits = q
        ? articles
            .filter((a) => a.title.toLowerCase().includes(q.toLowerCase()))
            .map((a) => hitOf(a, q))
        : null;
      return HttpResponse.json({ data: { categories, hits } });
    }),
    http.get('/api/support/faq/articles/:slug', ({ params }) => {
      viewed.push(String(params.slug));
      const article = articles.find((a) => a.slug === params.slug);
      return article
        ? HttpResponse.json({ data: article })
        : HttpResponse.json(errorBody('NOT_FOUND', 'No such article'), { status: 404 });
    }),
  );
  return { searched, viewed };
}

describe('the FAQ', () => {
  it('groups the articles by category and counts a view once when one is opened', async () => {
    const { viewed } = serveFaq();
    const { user } = openFaq();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Deposits & payments' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Renting' })).toBeInTheDocument();
    expect(document.title).toBe('FAQ · Support Center · CrimsonHost');
    const title = screen.getByRole('button', { name: /Confirmations and network fees/ });
    expect(title).toHaveAttribute('aria-expanded', 'false');

    await user.click(title);
    expect(await screen.findByText('20 confirmations', { selector: 'strong' })).toBeVisible();
    await waitFor(() => expect(viewed).toEqual(['confirmations-and-fees']));
    await user.click(title);
    await user.click(title);
    expect(viewed).toEqual(['confirmations-and-fees']);
  });

  it('puts the search in the URL once typing pauses and marks what it found', async () => {
    const { searched } = serveFaq();
    const { user, router } = openFaq();
    await screen.findByRole('heading', { name: 'Renting' }, LOAD);
    await user.type(screen.getByRole('searchbox', { name: 'Search the FAQ' }), 'fees');
    await waitFor(() => expect(router.state.location.search).toBe('?q=fees'));
    expect(await screen.findByText('fees', { selector: 'mark' })).toBeInTheDocument();
    expect(searched).toEqual(['', 'fees']);
    expect(screen.queryByRole('heading', { name: 'Renting' })).toBeNull();
  });

  it('marks the matches in the titles and snippets of a search from the URL', async () => {
    serveFaq();
    openFaq('/support/faq?q=confirmations');
    const results = await screen.findByRole('region', { name: 'Search results' }, LOAD);
    const marks = within(results).getAllByText(/^confirmations$/i, { selector: 'mark' });
    expect(marks.map((mark) => mark.textContent)).toEqual(['Confirmations', 'confirmations']);
    expect(screen.getByRole('searchbox', { name: 'Search the FAQ' })).toHaveValue('confirmations');
  });

  it('says when nothing matches and offers a ticket', async () => {
    serveFaq();
    openFaq('/support/faq?q=teleport');
    expect(await screen.findByText("No articles match 'teleport'.", {}, LOAD)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Open a ticket' })[0]).toHaveAttribute(
      'href',
      '/support/tickets/new',
    );
  });

  it('opens the article of a permalink, and copies its link', async () => {
    const { viewed } = serveFaq();
    const { user } = openFaq('/support/faq#cancelling-and-refunds');
    expect(
      await screen.findByText('Unused whole hours come back to your wallet.', {}, LOAD),
    ).toBeVisible();
    expect(document.getElementById('cancelling-and-refunds')).not.toBeNull();
    await waitFor(() => expect(viewed).toEqual(['cancelling-and-refunds']));
    await user.click(
      screen.getByRole('button', { name: 'Copy link to "Cancelling a rental and refunds"' }),
    );
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/support/faq#cancelling-and-refunds`,
    );
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('asks "Was this helpful?" once per article in this tab', async () => {
    const votes: unknown[] = [];
    serveFaq();
    server.use(
      http.post(`/api/support/faq/articles/${refunds.id}/votes`, async ({ request }) => {
        votes.push(await request.json());
        return HttpResponse.json({ data: { ...refunds, helpfulYes: 1 } });
      }),
    );
    const { user, unmount } = openFaq('/support/faq#cancelling-and-refunds');
    const question = await screen.findByRole('group', { name: 'Was this helpful?' }, LOAD);
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Thanks for your feedback')).toBeInTheDocument();
    expect(votes).toEqual([{ helpful: true }]);
    unmount();

    openFaq('/support/faq#cancelling-and-refunds');
    expect(await screen.findByText('Thanks for your feedback', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Was this helpful?' })).toBeNull();
  });

  it('says why a vote was refused', async () => {
    serveFaq();
    server.use(
      http.post(`/api/support/faq/articles/${refunds.id}/votes`, () =>
        HttpResponse.json(errorBody('RATE_LIMITED', 'Too many votes'), {
          status: 429,
          headers: { 'Retry-After': '60' },
        }),
      ),
    );
    const { user } = openFaq('/support/faq#cancelling-and-refunds');
    const question = await screen.findByRole('group', { name: 'Was this helpful?' }, LOAD);
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(
      await screen.findByText('Too many attempts. Please wait 1 minute and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Was this helpful?' })).toBeInTheDocument();
  });
});
