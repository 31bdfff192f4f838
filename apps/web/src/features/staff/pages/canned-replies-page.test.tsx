import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { findDialog, renderInApp, signIn } from '../../../test/rental-fixtures';
import { CANNED_REPLY, SUPPORT_USER, serveDeskBasics } from '../test/desk-fixtures';
import { CannedRepliesPage } from './canned-replies-page';

function renderPage() {
  signIn(SUPPORT_USER);
  serveDeskBasics();
  const sent: { call: string; body: unknown }[] = [];
  server.use(
    http.post('/api/admin/support/canned-replies', async ({ request }) => {
      sent.push({ call: 'POST', body: await request.json() });
      return HttpResponse.json({ data: CANNED_REPLY }, { status: 201 });
    }),
    http.delete('/api/admin/support/canned-replies/:id', ({ params }) => {
      sent.push({ call: 'DELETE', body: params.id });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const view = renderInApp(<CannedRepliesPage />, {
    path: '/admin/canned-replies',
    at: '/admin/canned-replies',
  });
  return { ...view, sent };
}

describe('the canned replies', () => {
  it('adds a reply with the placeholders explained, and deletes one after a confirmation', async () => {
    const { user, sent } = renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ask for details' })).toBeVisible();
    expect(screen.getByText('Also sets the status to Waiting for you.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New canned reply' }));
    const dialog = await findDialog('New canned reply');
    for (const placeholder of ['{{customer.name}}', '{{rental.server}}', '{{rental.endsAt}}']) {
      expect(within(dialog).getByText(placeholder)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Server restarted');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reply' }),
      'Hi {{{{customer.name}}, your server is back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: 'POST',
          body: {
            title: 'Server restarted',
            body: 'Hi {{customer.name}}, your server is back.',
            status: null,
          },
        },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Ask for details' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ call: 'DELETE', body: CANNED_REPLY.id }));
  });
});
