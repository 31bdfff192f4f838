import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { server } from '../../../test/msw-server';
import { findDialog, renderInApp, signIn } from '../../../test/rental-fixtures';
import {
  SUPPORT_USER,
  buildFaqArticle,
  buildFaqCategory,
  serveDeskBasics,
} from '../test/desk-fixtures';
import { FaqEditorPage } from './faq-editor-page';

const PAYMENTS_ID = '90000000-0000-4000-8000-000000000101';
const RENTING_ID = '90000000-0000-4000-8000-000000000102';
const deposits = buildFaqArticle({ categoryId: PAYMENTS_ID, title: 'How deposits work' });
const fees = buildFaqArticle({
  categoryId: PAYMENTS_ID,
  title: 'Confirmations and fees',
  published: false,
  views: 0,
});
const FAQ: FaqEditorCategory[] = [
  buildFaqCategory({ id: PAYMENTS_ID, name: 'Payments', articles: [deposits, fees] }),
  buildFaqCategory({ id: RENTING_ID, name: 'Renting', position: 1 }),
];

/**
 * The editor's FAQ, and every write the page sends as `METHOD path` with its body. A new order is
 * kept, as the API would.
 */
function serveFaq() {
  let faq = structuredClone(FAQ);
  const sent: { call: string; body: unknown }[] = [];
  const byIds = <T extends { id: string }>(items: T[], ids: string[]) =>
    ids.map((id) => items.find((item) => item.id === id)!);
  const record =
    (status: number, answer?: unknown) =>
    async ({ request }: { request: Request }) => {
      sent.push({
        call: `${request.method} ${new URL(request.url).pathname}`,
        body: await request.json(),
      });
      return answer === undefined
        ? new HttpResponse(null, { status })
        : HttpResponse.json({ data: answer }, { status });
    };
  server.use(
    http.get('/api/admin/support/faq', () => HttpResponse.json({ data: faq })),
    http.post('/api/admin/support/faq/articles', record(201, deposits)),
    http.put('/api/admin/support/faq/articles/:id', record(200, fees)),
    http.post('/api/admin/support/faq/categories/reorder', async (info) => {
      const answer = await record(204)(info);
      faq = byIds(faq, (sent.at(-1)!.body as { ids: string[] }).ids);
      return answer;
    }),
    http.post('/api/admin/support/faq/categories/:id/articles/reorder', async (info) => {
      const answer = await record(204)(info);
      const ids = (sent.at(-1)!.body as { ids: string[] }).ids;
      faq = faq.map((category) =>
        category.id === info.params.id
          ? { ...category, articles: byIds(category.articles, ids) }
          : category,
      );
      return answer;
    }),
  );
  return sent;
}

function renderEditor() {
  signIn(SUPPORT_USER);
  serveDeskBasics();
  const sent = serveFaq();
  return { ...renderInApp(<FaqEditorPage />, { path: '/admin/faq', at: '/admin/faq' }), sent };
}

describe('the FAQ editor', () => {
  it('shows each category in order with what readers did with its articles', async () => {
    renderEditor();
    const payments = (await screen.findByRole('heading', { level: 2, name: 'Payments' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const row = within(payments)
      .getByRole('button', { name: 'Edit How deposits work' })
      .closest('tr')!;
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('120')).toBeInTheDocument();
    expect(within(row).getByText('9 yes · 1 no')).toBeInTheDocument();
    const draft = within(payments).getByRole('button', { name: 'Edit Confirmations and fees' });
    expect(within(draft.closest('tr')!).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Payments up' })).toBeDisabled();
    await waitFor(() => expect(document.title).toBe('FAQ · Staff · CrimsonHost'));
  });

  it('checks a new article before creating it, and makes its slug from the title', async () => {
    const { user, sent } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    const dialog = await findDialog('New article');
    await user.click(within(dialog).getByRole('button', { name: 'Create article' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Slug is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Answer is required')).toBeInTheDocument();

    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Pay');
    expect(
      await within(dialog).findByText('Title must be at least 5 characters'),
    ).toBeInTheDocument();
    await user.type(title, 'ing late');
    expect(within(dialog).getByRole('textbox', { name: 'Slug' })).toHaveValue('paying-late');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Answer' }),
      'Send the rest to the same address.',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create article' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: 'POST /api/admin/support/faq/articles',
          body: {
            title: 'Paying late',
            slug: 'paying-late',
            categoryId: PAYMENTS_ID,
            body: 'Send the rest to the same address.',
            published: true,
          },
        },
      ]),
    );
    expect(await screen.findByText('Article created')).toBeInTheDocument();
  });

  it('publishes a draft with the whole article', async () => {
    const { user, sent } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Publish Confirmations and fees' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: `PUT /api/admin/support/faq/articles/${fees.id}`,
          body: {
            categoryId: PAYMENTS_ID,
            slug: fees.slug,
            title: 'Confirmations and fees',
            body: fees.body,
            published: true,
          },
        },
      ]),
    );
  });

  it('sends the whole new order when an article or a category moves', async () => {
    const { user, sent } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Move Confirmations and fees up' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        call: `POST /api/admin/support/faq/categories/${PAYMENTS_ID}/articles/reorder`,
        body: { ids: [fees.id, deposits.id] },
      }),
    );
    // The new order shows at once, and the moved article's buttons keep the focus.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Move Confirmations and fees down' }),
      ).toHaveFocus(),
    );
    expect(screen.getByText('Confirmations and fees moved to place 1 of 2')).toHaveAttribute(
      'aria-live',
      'polite',
    );

    await user.click(screen.getByRole('button', { name: 'Move Payments down' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        call: 'POST /api/admin/support/faq/categories/reorder',
        body: { ids: [RENTING_ID, PAYMENTS_ID] },
      }),
    );
  });
});
