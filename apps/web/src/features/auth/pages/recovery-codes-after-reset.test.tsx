import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildAccessToken, buildUser } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const FIND = { timeout: 15_000 };
const CODES = Array.from(
  { length: 10 },
  (_, index) => `NEWC-ODES-${String(index).padStart(4, '0')}`,
);

async function fillNewPassword(view: ReturnType<typeof renderRoute>) {
  await view.user.type(screen.getByLabelText('New password'), 'a brand new long phrase');
  await view.user.type(screen.getByLabelText('Confirm password'), 'a brand new long phrase');
}

describe('recovery codes are replaced', { timeout: 60_000 }, () => {
  it('shows the ten new codes once after a password reset by mail', async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json({ data: { ok: true, recoveryCodes: CODES } }),
      ),
    );
    const view = renderRoute('/recovery?token=mailed-reset-token');
    await screen.findByLabelText('New password', undefined, FIND);
    await fillNewPassword(view);
    await view.user.click(screen.getByRole('button', { name: 'Set new password' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' }, FIND);
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText(CODES[0]!)).toBeInTheDocument();
    expect(screen.getByText(/old recovery codes no longer work/)).toBeInTheDocument();
  });

  it('shows the ten new codes once after a recovery-code sign-in', async () => {
    server.use(
      http.post('/api/auth/recovery', () =>
        HttpResponse.json({
          data: {
            user: buildUser(),
            tokens: {
              access_token: buildAccessToken(),
              refresh_token: 'refresh-after-recovery',
              expires_in: 3600,
              token_type: 'Bearer',
            },
            recoveryCodes: CODES,
            recoveryCodesLeft: 10,
          },
        }),
      ),
      http.get('/api/auth/profile', () =>
        HttpResponse.json({ data: { user: buildUser(), recoveryCodesLeft: 10 } }),
      ),
    );
    const view = renderRoute('/account-recovery');
    await view.user.type(
      await screen.findByLabelText('E-mail', undefined, FIND),
      'renter@example.com',
    );
    await view.user.type(screen.getByLabelText('Recovery code'), 'K7QP-M2XD-9RTF');
    await fillNewPassword(view);
    await view.user.click(screen.getByRole('button', { name: 'Sign in and set password' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' }, FIND);
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(/every other old code no longer work/)).toBeInTheDocument();
  });
});
