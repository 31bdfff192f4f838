// Appeals in the staff area (issue 17 point 10): waiting ones first with the person's words,
// answered with a reason; overturning says what it does before it is done.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffAppeal } from '@crimsonhost/shared/moderation';
import { server } from '../../../test/msw-server';
import { findDialog, renderInApp, signIn } from '../../../test/rental-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { AppealsPage } from './appeals-page';

const LOAD = { timeout: 10_000 };
const APPEAL: StaffAppeal = {
  penaltyId: '80000000-0000-4000-8000-000000000002',
  user: {
    id: '60000000-0000-4000-8000-000000000041',
    name: 'Mira Lindqvist',
    email: 'mira@example.com',
  },
  penalty: 'suspension_7d',
  reason: 'Asked renters to pay outside the platform, twice.',
  issuedAt: '2026-11-26T10:00:00.000Z',
  issuedBy: 'Ada Admin',
  message: 'Those were the server’s own donation links.',
  appealedAt: '2026-11-26T12:00:00.000Z',
  outcome: null,
  decidedAt: null,
};

describe('the appeals page', () => {
  it('lists an appeal and overturns it with a reason', async () => {
    signIn(SUPPORT_USER);
    const answers: unknown[] = [];
    server.use(
      http.get('/api/admin/moderation/appeals', () => HttpResponse.json({ data: [APPEAL] })),
      http.post(`/api/admin/moderation/appeals/${APPEAL.penaltyId}/decide`, async ({ request }) => {
        answers.push(await request.json());
        return HttpResponse.json({
          data: [{ ...APPEAL, outcome: 'overturned', decidedAt: '2026-11-26T13:00:00.000Z' }],
        });
      }),
    );
    const { user } = renderInApp(<AppealsPage />, {
      path: '/admin/moderation/appeals',
      at: '/admin/moderation/appeals',
    });
    const card = (
      await screen.findByRole('heading', { level: 2, name: /Mira Lindqvist/ }, LOAD)
    ).closest('.ant-card') as HTMLElement;
    expect(card).toHaveTextContent('Those were the server’s own donation links.');
    expect(screen.getByText('1 waiting for an answer')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Overturn' }));
    const dialog = await findDialog('Overturn this penalty');
    expect(dialog).toHaveTextContent('lifted at once');
    await user.type(within(dialog).getByLabelText('Reason'), 'The links were the server’s own.');
    await user.click(within(dialog).getByRole('button', { name: 'Overturn' }));
    expect(
      await screen.findByText('Penalty overturned: they are told by mail.'),
    ).toBeInTheDocument();
    expect(answers).toEqual([{ outcome: 'overturned', note: 'The links were the server’s own.' }]);
    expect(await screen.findByText('Overturned: the penalty was withdrawn')).toBeInTheDocument();
  });
});
