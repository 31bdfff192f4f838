import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { renderInApp, signIn } from '../../test/rental-fixtures';
import { buildDeskTicket } from '../../test/support-fixtures';
import { dropStaffToken } from '../../lib/staff-token';
import { StaffArea } from './staff-area';
import {
  STATS,
  SUPPORT_USER,
  serveDeskBasics,
  serveQueue,
  serveStaffFactor,
} from './test/desk-fixtures';

/** A lazy page's first load is slow on a busy machine. */
const LOAD = { timeout: 10_000 };

const staffTokenAnswer = (token: string) => ({
  data: { access_token: token, expires_in: 3600, token_type: 'Bearer', client: 'SUPPORT' },
});

/** The support agent with the desk's basics served; the staff sign-in answers `factor`. */
function renderArea(at: string, factor: Parameters<typeof serveStaffFactor>[0] = {}) {
  signIn(SUPPORT_USER);
  serveDeskBasics();
  serveStaffFactor(factor);
  const seen: (string | null)[] = [];
  server.use(
    http.get('/api/admin/support/stats', ({ request }) => {
      seen.push(request.headers.get('authorization'));
      return HttpResponse.json({ data: STATS });
    }),
  );
  return { ...renderInApp(<StaffArea />, { path: '/admin/*', at }), statsSeenWith: seen };
}

/** POST /api/auth/client-token with a code: `answers` in turn (the last one repeats). */
function serveCodeSignIn(...answers: Response[]) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/auth/client-token', async ({ request }) => {
      sent.push(await request.json());
      return (answers[sent.length - 1] ?? answers.at(-1)!).clone();
    }),
  );
  return sent;
}

const codeField = () => screen.getByLabelText('Enter the 6-digit code from your authenticator app');

afterEach(() => dropStaffToken());

describe('the staff sign-in: a code', () => {
  it('asks an enrolled agent for the code from the app, then opens the area with its token', async () => {
    const { user, statsSeenWith } = renderArea('/admin', { signedIn: false });
    const sent = serveCodeSignIn(HttpResponse.json(staffTokenAnswer('staff-by-code')));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your code' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('Two-step verification for the staff area')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).toBeNull();
    const field = codeField();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(document.title).toBe('Enter your code · Staff · CrimsonHost'));

    await user.type(field, '123 456{Enter}');
    expect(await screen.findByRole('navigation', { name: 'Staff area' }, LOAD)).toBeInTheDocument();
    expect(sent).toEqual([{ client: 'SUPPORT', code: '123456' }]);
    await screen.findByRole('link', { name: 'Overdue: 2. Show them' }, LOAD);
    expect(statsSeenWith).toEqual(['Bearer staff-by-code']);
  });

  it('says in words why a code was refused, under the field', async () => {
    const { user } = renderArea('/admin', { signedIn: false });
    serveCodeSignIn(
      HttpResponse.json(errorBody('STAFF_CODE_INVALID', 'That code is not right.'), {
        status: 422,
      }),
      HttpResponse.json(errorBody('RATE_LIMITED', 'Too many wrong codes.'), {
        status: 429,
        headers: { 'Retry-After': '120' },
      }),
    );
    const field = await screen.findByLabelText(
      'Enter the 6-digit code from your authenticator app',
      {},
      LOAD,
    );
    await user.type(field, '12{Enter}');
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '111111{Enter}');
    expect(
      await screen.findByText(
        'That code is not right. Enter the code your authenticator app shows now: it changes every 30 seconds.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '{Enter}');
    expect(
      await screen.findByText('Too many attempts. Please wait 2 minutes and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/RATE_LIMITED|STAFF_CODE_INVALID/)).toBeNull();
  });

  it('takes a backup code instead, written as printed', async () => {
    const { user, statsSeenWith } = renderArea('/admin', { signedIn: false });
    const sent = serveCodeSignIn(
      HttpResponse.json(errorBody('STAFF_CODE_INVALID', 'That code is not right.'), {
        status: 422,
      }),
      HttpResponse.json(staffTokenAnswer('staff-by-backup')),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Use a backup code instead' }, LOAD),
    );
    const field = screen.getByLabelText('Enter one of your backup codes');
    expect(field).toHaveFocus();
    await user.type(field, 'zzzz-zzzz-zzzz{Enter}');
    expect(
      await screen.findByText(
        'That backup code is not right, or it has been used already. Check it, or use your authenticator app.',
      ),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'k7qp m2xd 9rtf{Enter}');
    expect(await screen.findByRole('navigation', { name: 'Staff area' }, LOAD)).toBeInTheDocument();
    expect(sent).toEqual([
      { client: 'SUPPORT', code: 'ZZZZ-ZZZZ-ZZZZ' },
      { client: 'SUPPORT', code: 'K7QP-M2XD-9RTF' },
    ]);
    await screen.findByRole('link', { name: 'Overdue: 2. Show them' }, LOAD);
    expect(statsSeenWith).toEqual(['Bearer staff-by-backup']);
  });

  it('asks again when the staff sign-in went idle, and carries on with the same page', async () => {
    const ticket = buildDeskTicket({ number: 42, subject: 'Server will not start' });
    const { user, router } = renderArea('/admin');
    await screen.findByRole('link', { name: 'Overdue: 2. Show them' }, LOAD);
    const queueSeenWith: (string | null)[] = [];
    const { asked } = serveQueue([ticket]);
    server.use(
      http.get('/api/admin/support/tickets', ({ request }) => {
        queueSeenWith.push(request.headers.get('authorization'));
        if (queueSeenWith.length === 1) {
          return HttpResponse.json(
            errorBody(
              'STAFF_SIGN_IN_REQUIRED',
              'Enter the code from your authenticator app to open the staff area.',
            ),
            { status: 403 },
          );
        }
        return undefined;
      }),
    );
    const sent = serveCodeSignIn(HttpResponse.json(staffTokenAnswer('staff-again')));
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    await user.click(within(nav).getByRole('link', { name: 'Tickets' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your code' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/tickets');
    await waitFor(() => expect(document.title).toBe('Enter your code · Staff · CrimsonHost'));
    await user.type(codeField(), '654321{Enter}');

    expect(
      await screen.findByRole('link', { name: 'Server will not start' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enter your code' })).toBeNull();
    expect(sent).toEqual([{ client: 'SUPPORT', code: '654321' }]);
    expect(queueSeenWith.at(-1)).toBe('Bearer staff-again');
    expect(asked.length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Staff area' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tickets · Staff · CrimsonHost'));
  });
});
