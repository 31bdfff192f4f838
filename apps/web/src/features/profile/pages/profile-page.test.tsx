import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/storage';
import { buildAccessToken, buildUser } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const FIND = { timeout: 15_000 };
const CODES = Array.from(
  { length: 10 },
  (_, index) => `CCCC-DDDD-${String(index).padStart(4, '0')}`,
);

function signedInAs(user = buildUser(), recoveryCodesLeft = 2) {
  storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
  server.use(
    http.get('/api/auth/profile', () => HttpResponse.json({ data: { user, recoveryCodesLeft } })),
  );
}

describe('profile page', { timeout: 60_000 }, () => {
  it('asks an unverified account to confirm its address and mails a new link', async () => {
    signedInAs(buildUser({ emailVerified: false }));
    let resent = 0;
    server.use(
      http.post('/api/auth/verify-email/resend', () => {
        resent += 1;
        return HttpResponse.json({ data: { accepted: true } }, { status: 202 });
      }),
    );
    const view = renderRoute('/profile');
    await screen.findByText('Verify your e-mail address', undefined, FIND);
    expect(
      screen.getByText(/Deposits and linking Discord open once you confirm it/),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText(
        'We sent a new link to renter@example.com. It works for 24 hours.',
        undefined,
        FIND,
      ),
    ).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('shows no verification notice once the address is verified', async () => {
    signedInAs(buildUser());
    renderRoute('/profile');
    await screen.findByRole('heading', { name: 'Password' }, FIND);
    expect(screen.queryByText('Verify your e-mail address')).not.toBeInTheDocument();
  });

  it('lets a Discord-only account set its first password without a current one', async () => {
    signedInAs(buildUser({ authProvider: 'discord', hasPassword: false, discordLinked: true }));
    let sent: unknown;
    server.use(
      http.post('/api/auth/change-password', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    const view = renderRoute('/profile');
    await screen.findByRole('heading', { name: 'Set a password' }, FIND);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await view.user.type(screen.getByLabelText('New password'), 'my first long password');
    await view.user.type(screen.getByLabelText('Confirm password'), 'my first long password');
    await view.user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/Password set\./, undefined, FIND)).toBeInTheDocument();
    expect(sent).toEqual({ password: 'my first long password' });
  });

  it('warns when few recovery codes are left and shows new ones once', async () => {
    signedInAs(buildUser(), 2);
    server.use(
      http.post('/api/auth/recovery-codes', () =>
        HttpResponse.json({ data: { recoveryCodes: CODES } }),
      ),
    );
    const view = renderRoute('/profile');
    await screen.findByText(/2 of 10 recovery codes left/, undefined, FIND);
    expect(screen.getByText(/running out of recovery codes/)).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Generate new codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate new recovery codes' });
    await view.user.type(within(dialog).getByLabelText('Current password'), 'my password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' }, FIND);
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await view.user.click(screen.getByRole('checkbox', { name: 'I have saved them' }));
    await view.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });
});
