// The moderation queue of the staff area (issue 17 point 10): the flags to review, one flag with
// its message and the person's history, claimed, then resolved with a penalty the API escalates
// for a repeat offence, or dismissed.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlagDetail, FlagSummary } from '@crimsonhost/shared/moderation';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { buildRentalThread, serveRentalThread } from '../../../test/rental-thread-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { FlagPage } from './flag-page';
import { ModerationPage } from './moderation-page';

const LOAD = { timeout: 10_000 };
const ID = '70000000-0000-4000-8000-000000000001';

function buildFlag(overrides: Partial<FlagDetail> = {}): FlagDetail {
  return {
    id: ID,
    user: {
      id: '60000000-0000-4000-8000-000000000031',
      name: 'Nordic Hosting',
      email: 'nordic@example.com',
    },
    source: 'vendor_user',
    reason: 'suspicious_pattern',
    status: 'pending',
    kinds: ['social_media'],
    excerpt: 'add me on disc0rd: name#1234',
    assignee: null,
    createdAt: '2026-11-26T18:00:00.000Z',
    message: 'add me on disc0rd: name#1234',
    raisedBy: null,
    ticketId: '40000000-0000-4000-8000-000000000003',
    rentalId: '10000000-0000-4000-8000-000000000003',
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    penalty: null,
    history: {
      flags: [],
      penalties: [
        {
          id: '80000000-0000-4000-8000-000000000001',
          penalty: 'warning',
          reason: 'Shared a phone number in a dispute.',
          issuedAt: '2026-11-01T10:00:00.000Z',
          endsAt: null,
          liftedAt: null,
        },
      ],
    },
    leastPenalty: 'suspension_24h',
    ...overrides,
  };
}

/** The flagged rental's renter–vendor messages as support reads them: none were delivered. */
function serveFlagThread(flag: FlagDetail) {
  return serveRentalThread(
    'staff',
    flag.rentalId!,
    buildRentalThread({ rentalId: flag.rentalId!, side: null, writableUntil: null }),
  );
}

const summary = (flag: FlagDetail): FlagSummary => {
  const { id, user, source, reason, status, kinds, excerpt, assignee, createdAt } = flag;
  return { id, user, source, reason, status, kinds, excerpt, assignee, createdAt };
};

describe('the moderation queue', () => {
  it('lists the flags to review and says when there are none', async () => {
    signIn(SUPPORT_USER);
    server.use(
      http.get('/api/admin/moderation/flags', ({ request }) => {
        const view = new URL(request.url).searchParams.get('view');
        const data = view === 'dismissed' ? [] : [summary(buildFlag())];
        return HttpResponse.json({ data, meta: { page: 1, pageSize: 20, total: data.length } });
      }),
    );
    const { user } = renderInApp(<ModerationPage />, {
      path: '/admin/moderation',
      at: '/admin/moderation',
    });
    const table = await screen.findByRole('table', { name: /Flags: To review/ }, LOAD);
    expect(within(table).getByRole('link', { name: 'Nordic Hosting' })).toHaveAttribute(
      'href',
      `/admin/moderation/${ID}`,
    );
    expect(table).toHaveTextContent('Contact details shared · chat or social media');
    expect(table).toHaveTextContent('“add me on disc0rd: name#1234”');
    expect(screen.getByText('1 flag')).toBeInTheDocument();
    await user.click(screen.getByText('Dismissed'));
    expect(await screen.findByText('No flag has been dismissed yet.')).toBeInTheDocument();
  });
});

describe('a flag', () => {
  it('is claimed, then resolved with the penalty the API raised for a repeat offence', async () => {
    signIn(SUPPORT_USER);
    let flag = buildFlag();
    const { asked: threadAsked } = serveFlagThread(flag);
    const decisions: unknown[] = [];
    server.use(
      http.get(`/api/admin/moderation/flags/${ID}`, () => HttpResponse.json({ data: flag })),
      http.post(`/api/admin/moderation/flags/${ID}/claim`, () => {
        flag = {
          ...flag,
          status: 'reviewing',
          assignee: { id: SUPPORT_USER.id, name: 'Demo Support' },
        };
        return HttpResponse.json({ data: flag });
      }),
      http.post(`/api/admin/moderation/flags/${ID}/decide`, async ({ request }) => {
        decisions.push(await request.json());
        flag = {
          ...flag,
          status: 'resolved',
          penalty: 'suspension_24h',
          decidedAt: '2026-11-26T19:00:00.000Z',
          decidedBy: { id: SUPPORT_USER.id, name: 'Demo Support' },
          decisionNote: 'Second contact attempt this month.',
        };
        return HttpResponse.json({ data: flag });
      }),
    );
    const { user } = renderInApp(<FlagPage />, {
      path: '/admin/moderation/:flagId',
      at: `/admin/moderation/${ID}`,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Flag: Nordic Hosting' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('add me on disc0rd: name#1234')).toBeInTheDocument();
    expect(screen.getByText('The contact detector (the message was not sent)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the dispute’s ticket' })).toBeInTheDocument();
    expect(
      screen.getByText(/a penalty now is at least suspension for 24 hours/i),
    ).toBeInTheDocument();
    expect(screen.getByText('Shared a phone number in a dispute.')).toBeInTheDocument();
    // The rental's messages, in which the held one was never delivered.
    const thread = (
      await screen.findByRole('heading', { level: 2, name: 'Renter and vendor messages' })
    ).closest('.ant-card') as HTMLElement;
    expect(
      await within(thread).findByText(
        'The renter and the vendor have not written to each other about this rental.',
      ),
    ).toBeInTheDocument();
    expect(threadAsked[0]!.pathname).toBe(`/api/admin/rentals/${flag.rentalId}/messages`);

    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('The flag is yours to review.')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'Warning' }));
    expect(screen.getByText(/Warning \(raised to suspension for 24 hours\)/i)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Second contact attempt this month.');
    await user.click(screen.getByRole('button', { name: 'Record decision' }));
    expect(
      await screen.findByText(/Flag resolved: suspension for 24 hours given\./i),
    ).toBeInTheDocument();
    expect(decisions).toEqual([
      { outcome: 'resolved', penalty: 'warning', note: 'Second contact attempt this month.' },
    ]);
  });

  it('says when a colleague is reviewing it, and answers an unknown flag with not-found', async () => {
    signIn(SUPPORT_USER);
    serveFlagThread(buildFlag());
    server.use(
      http.get(`/api/admin/moderation/flags/${ID}`, () =>
        HttpResponse.json({
          data: buildFlag({
            status: 'reviewing',
            assignee: { id: 'other', name: 'Cleo Colleague' },
          }),
        }),
      ),
      http.get('/api/admin/moderation/flags/:id', () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'Flag not found'), { status: 404 }),
      ),
    );
    renderInApp(<FlagPage />, { path: '/admin/moderation/:flagId', at: `/admin/moderation/${ID}` });
    expect(
      await screen.findByText('Cleo Colleague is reviewing this flag.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument();
  });
});
