// The appeal page the penalty mail links to (issue 17 point 10): no sign-in, the penalty and its
// reason, one appeal within the window, and what a used or wrong link means.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppealView } from '@crimsonhost/shared/moderation';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp } from '../../../test/rental-fixtures';
import { AppealPage } from './appeal-page';

const TOKEN = 'a'.repeat(43);
const LOAD = { timeout: 10_000 };

const view = (overrides: Partial<AppealView> = {}): AppealView => ({
  name: 'Mira Lindqvist',
  penalty: 'suspension_7d',
  reason: 'Asked renters to pay outside the platform, twice.',
  issuedAt: '2026-11-26T10:00:00.000Z',
  endsAt: '2026-12-03T10:00:00.000Z',
  appealUntil: '2099-12-16T10:00:00.000Z',
  appeal: null,
  ...overrides,
});

const renderAppeal = () =>
  renderInApp(<AppealPage />, { path: '/appeal/:token', at: `/appeal/${TOKEN}` });

describe('the appeal page', () => {
  it('shows the penalty and takes one appeal, checked as the API checks it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`/api/appeals/${TOKEN}`, () => HttpResponse.json({ data: view() })),
      http.post(`/api/appeals/${TOKEN}`, async ({ request }) => {
        const body = (await request.json()) as { message: string };
        sent.push(body);
        return HttpResponse.json(
          {
            data: view({
              appeal: {
                message: body.message,
                at: '2026-11-26T12:00:00.000Z',
                outcome: null,
                decidedAt: null,
              },
            }),
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderAppeal();
    expect(await screen.findByText('Suspension for 7 days', undefined, LOAD)).toBeInTheDocument();
    expect(
      screen.getByText('Asked renters to pay outside the platform, twice.'),
    ).toBeInTheDocument();
    const field = screen.getByLabelText('Why is this penalty a mistake?');
    await user.type(field, 'Not me');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Say why in at least 20 characters')).toBeInTheDocument();
    await user.type(field, ': those were the server’s own donation links.');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(/^Appeal sent on /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send appeal' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ message: 'Not me: those were the server’s own donation links.' }]);
  });

  it('says when the time has passed, and when the link is not valid', async () => {
    server.use(
      http.get(`/api/appeals/${TOKEN}`, () =>
        HttpResponse.json({ data: view({ appealUntil: '2026-01-01T00:00:00.000Z' }) }),
      ),
    );
    renderAppeal();
    expect(
      await screen.findByText('The time to appeal this penalty has passed', undefined, LOAD),
    ).toBeInTheDocument();
  });

  it('answers a wrong link in words', async () => {
    server.use(
      http.get(`/api/appeals/${TOKEN}`, () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'This appeal link is not valid.'), {
          status: 404,
        }),
      ),
    );
    renderAppeal();
    expect(
      await screen.findByText('This appeal link is not valid', undefined, LOAD),
    ).toBeInTheDocument();
  });
});
