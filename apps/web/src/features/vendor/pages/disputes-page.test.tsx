// The vendor's side of a dispute (issue 17 point 3): the open ones listed with when to answer,
// one with its conversation, and an answer sent and shown.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VendorDispute } from '@crimsonhost/shared/vendor-disputes';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { buildMessage } from '../../../test/support-fixtures';
import { VENDOR_USER } from '../test/earnings-fixtures';
import { DisputePage } from './dispute-page';
import { DisputesPage } from './disputes-page';

const LOAD = { timeout: 10_000 };
const ID = '30000000-0000-4000-8000-000000000007';

function buildDispute(overrides: Partial<VendorDispute> = {}): VendorDispute {
  return {
    id: ID,
    rentalId: '10000000-0000-4000-8000-000000000007',
    ticketId: '40000000-0000-4000-8000-000000000007',
    reason: 'UNREACHABLE',
    status: 'OPEN',
    outcome: null,
    openedAt: '2026-11-25T20:00:00.000Z',
    vendorAnswerDueAt: '2026-11-27T20:00:00.000Z',
    resolvedAt: null,
    refundHours: 0,
    refundAmount: '0.000000',
    compensationAmount: '0.000000',
    server: { id: '20000000-0000-4000-8000-000000000007', name: 'Night Shift' },
    renterName: 'Mira Lindqvist',
    vendorAnsweredAt: null,
    messages: [
      buildMessage({
        body: 'Nobody could connect between 20:00 and 21:00.',
        author: { name: 'Mira Lindqvist', role: 'customer' },
      }),
    ],
    ...overrides,
  };
}

describe('the vendor’s disputes', () => {
  it('lists the open ones with when to answer, and says when there are none', async () => {
    const summary: Partial<VendorDispute> = buildDispute();
    delete summary.messages;
    server.use(
      http.get('/api/vendor/disputes', ({ request }) => {
        const all = new URL(request.url).searchParams.get('status') === 'all';
        const data = all ? [] : [summary];
        return HttpResponse.json({ data, meta: { page: 1, pageSize: 20, total: data.length } });
      }),
    );
    signIn(VENDOR_USER);
    const { user } = renderInApp(<DisputesPage />, {
      path: '/vendor/disputes',
      at: '/vendor/disputes',
    });
    const link = await screen.findByRole(
      'link',
      { name: 'Night Shift: unreachable or down' },
      LOAD,
    );
    expect(link).toHaveAttribute('href', `/vendor/disputes/${ID}`);
    expect(screen.getByText(/Opened by Mira Lindqvist/)).toHaveTextContent(/Answer by 27 Nov 2026/);
    await user.click(screen.getByText('All'));
    expect(
      await screen.findByText('No renter has disputed a rental of yours.', {}, LOAD),
    ).toBeInTheDocument();
  });

  it('shows the conversation and sends an answer, checked as the API checks it', async () => {
    let dispute = buildDispute();
    const sent: unknown[] = [];
    server.use(
      http.get(`/api/vendor/disputes/${ID}`, () => HttpResponse.json({ data: dispute })),
      http.post(`/api/vendor/disputes/${ID}/messages`, async ({ request }) => {
        const body = (await request.json()) as { message: string };
        sent.push(body);
        dispute = {
          ...dispute,
          vendorAnsweredAt: '2026-11-26T09:00:00.000Z',
          messages: [
            ...dispute.messages,
            buildMessage({
              body: body.message,
              author: { name: 'Nordic Frag (the vendor)', role: 'vendor' },
            }),
          ],
        };
        return HttpResponse.json({ data: dispute }, { status: 201 });
      }),
    );
    signIn(VENDOR_USER);
    const { user } = renderInApp(<DisputePage />, {
      path: '/vendor/disputes/:disputeId',
      at: `/vendor/disputes/${ID}`,
    });
    await screen.findByRole('heading', { level: 1, name: 'Dispute: Night Shift' }, LOAD);
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(conversation).toHaveTextContent('Nobody could connect between 20:00 and 21:00.');

    const field = screen.getByLabelText('Your answer');
    await user.type(field, 'Short');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(/at least 10 characters/, {}, LOAD)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(field, ': the panel shows it running with 4 players.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(
      await screen.findByText(
        'Your answer is in the dispute. The renter and support can read it.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ message: 'Short: the panel shows it running with 4 players.' }]);
    expect(
      await within(conversation).findByText('Nordic Frag (the vendor)', {}, LOAD),
    ).toBeInTheDocument();
  });
});
