import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { renderInApp, signIn } from '../../test/rental-fixtures';
import { dropStaffToken } from '../../lib/staff-token';
import { StaffArea } from './staff-area';
import { STATS, SUPPORT_USER, serveDeskBasics, serveStaffFactor } from './test/desk-fixtures';

/** A lazy page's first load is slow on a busy machine. */
const LOAD = { timeout: 10_000 };

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const OTPAUTH = `otpauth://totp/CrimsonHost:support%40crimsonhost.demo?secret=${SECRET}&issuer=CrimsonHost`;
const BACKUP_CODES = Array.from(
  { length: 10 },
  (_, i) => `K7QP-M2XD-9R${String(i).padStart(2, '0')}`,
);

/** Not set up yet: the enrolment's calls are served and recorded. */
function renderEnrolment() {
  signIn(SUPPORT_USER);
  serveDeskBasics();
  serveStaffFactor({ enrolled: false, signedIn: false, backupCodesLeft: 0 });
  const enrolled: unknown[] = [];
  const confirmed: unknown[] = [];
  const statsSeenWith: (string | null)[] = [];
  server.use(
    http.post('/api/auth/staff/factor/enrol', async ({ request }) => {
      enrolled.push(await request.json());
      return HttpResponse.json({ data: { secret: SECRET, otpauthUri: OTPAUTH } });
    }),
    http.post('/api/auth/staff/factor/confirm', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      confirmed.push(body);
      if (body.code !== '123456') {
        return HttpResponse.json(errorBody('STAFF_CODE_INVALID', 'That code is not right.'), {
          status: 422,
        });
      }
      return HttpResponse.json({
        data: {
          backupCodes: BACKUP_CODES,
          token: {
            access_token: 'staff-from-enrolment',
            expires_in: 3600,
            token_type: 'Bearer',
            client: 'SUPPORT',
          },
        },
      });
    }),
    http.get('/api/admin/support/stats', ({ request }) => {
      statsSeenWith.push(request.headers.get('authorization'));
      return HttpResponse.json({ data: STATS });
    }),
  );
  const view = renderInApp(<StaffArea />, { path: '/admin/*', at: '/admin' });
  return { ...view, enrolled, confirmed, statsSeenWith };
}

afterEach(() => dropStaffToken());

describe('the staff sign-in: setting up two-step verification', () => {
  it('shows three steps with the QR code and the key in groups of four, which copies whole', async () => {
    const { user, enrolled } = renderEnrolment();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step verification' }, LOAD),
    ).toBeInTheDocument();
    const steps = within(screen.getByRole('list')).getAllByRole('heading', { level: 2 });
    expect(steps.map((step) => step.textContent)).toEqual([
      'Step 1: Install an authenticator app',
      'Step 2: Scan the QR code',
      'Step 3: Enter the 6-digit code',
    ]);
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(enrolled).toEqual([{}]);
    const field = screen.getByLabelText('Enter the 6-digit code from your authenticator app');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('refuses a wrong code in words, then shows the backup codes once before the area opens', async () => {
    const { user, confirmed, statsSeenWith } = renderEnrolment();
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP', {}, LOAD);
    const field = screen.getByLabelText('Enter the 6-digit code from your authenticator app');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(
      await screen.findByText(
        'That code is not right. Enter the code your authenticator app shows now: it changes every 30 seconds.',
      ),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '123456{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Save your backup codes' }),
    ).toBeInTheDocument();
    expect(confirmed).toEqual([
      { client: 'SUPPORT', code: '000000' },
      { client: 'SUPPORT', code: '123456' },
    ]);
    const codes = within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole(
      'listitem',
    );
    expect(codes.map((code) => code.textContent)).toEqual(BACKUP_CODES);
    await user.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(await navigator.clipboard.readText()).toBe(BACKUP_CODES.join('\n'));
    expect(screen.getByRole('button', { name: 'Download as .txt' })).toBeEnabled();
    // The area stays shut until the person says the codes are saved.
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toBeDisabled();
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    expect(proceed).toBeEnabled();
    await user.click(proceed);

    expect(await screen.findByRole('navigation', { name: 'Staff area' }, LOAD)).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Overdue: 2. Show them' }, LOAD);
    // The token the enrolment gave is the one the staff calls carry.
    expect(statsSeenWith).toEqual(['Bearer staff-from-enrolment']);
    expect(screen.queryByText(BACKUP_CODES[0]!)).toBeNull();
  });
});

describe('the staff sign-in when set up meanwhile', () => {
  it('asks for a code when the API says two-step verification is already on', async () => {
    signIn(SUPPORT_USER);
    serveDeskBasics();
    let enrolled = false;
    server.use(
      http.get('/api/auth/staff/factor', () =>
        HttpResponse.json({
          data: { enrolled, backupCodesLeft: 10, signedIn: false, idleTimeoutMinutes: 15 },
        }),
      ),
      http.post('/api/auth/staff/factor/enrol', () => {
        enrolled = true;
        return HttpResponse.json(
          errorBody('STAFF_FACTOR_ENROLLED', 'Two-step verification is already set up.'),
          { status: 409 },
        );
      }),
    );
    renderInApp(<StaffArea />, { path: '/admin/*', at: '/admin' });
    await waitFor(
      () =>
        expect(screen.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible(),
      LOAD,
    );
  });
});
