import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { passwordPolicyText } from '@crimsonhost/shared/auth';
import { readStoredTokens } from '../../../lib/storage';
import { buildSession, buildUser, errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { buildWallet, transactionPage } from '../../../test/wallet-fixtures';

const FIND = { timeout: 15_000 };
const CODES = Array.from(
  { length: 10 },
  (_, index) => `AAAA-BBBB-${String(index).padStart(4, '0')}`,
);

async function openRegister(path = '/register') {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Create your account' }, FIND);
  return view;
}

async function fillIn(
  view: Awaited<ReturnType<typeof openRegister>>,
  confirm = 'a long enough password',
) {
  await view.user.type(screen.getByLabelText('Display name'), 'New Renter');
  await view.user.type(screen.getByLabelText('E-mail'), 'new@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'a long enough password');
  await view.user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('register page', { timeout: 60_000 }, () => {
  it('tells the password policy and checks the confirmation', async () => {
    const view = await openRegister();
    expect(screen.getByText(passwordPolicyText)).toBeInTheDocument();
    await fillIn(view, 'something else entirely');
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
  });

  it('puts an e-mail already in use on the e-mail field', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          errorBody('EMAIL_TAKEN', 'An account with this e-mail already exists. Sign in.', {
            fields: [{ field: 'email', message: 'An account with this e-mail already exists' }],
          }),
          { status: 409 },
        ),
      ),
    );
    const view = await openRegister();
    await fillIn(view);
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('An account with this e-mail already exists'),
    ).toBeInTheDocument();
  });

  it('shows the ten recovery codes once, to copy or download, before continuing', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            data: {
              ...buildSession(buildUser({ email: 'new@example.com' })),
              recoveryCodes: CODES,
            },
          },
          { status: 201 },
        );
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);

    const view = await openRegister('/register?redirectTo=%2Fpolicies%2Fbuyer-protection');
    await fillIn(view);
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('heading', { name: 'Save your recovery codes' }, FIND);
    expect(sent).toEqual({
      email: 'new@example.com',
      password: 'a long enough password',
      displayName: 'New Renter',
    });
    expect(readStoredTokens()).not.toBeNull();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);

    await view.user.click(screen.getByRole('button', { name: /Copy codes/ }));
    // user-event puts its own clipboard on navigator.
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    await view.user.click(screen.getByRole('button', { name: /Download as text/ }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);

    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toBeDisabled();
    await view.user.click(screen.getByRole('checkbox', { name: 'I have saved them' }));
    expect(proceed).toBeEnabled();
    await view.user.click(proceed);
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/policies/buyer-protection'),
    );
  });

  it('lands a new account on its dashboard, greeted as new', async () => {
    const user = buildUser({ email: 'new@example.com', displayName: 'New Renter' });
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          { data: { ...buildSession(user), recoveryCodes: CODES } },
          { status: 201 },
        ),
      ),
      http.get('/api/auth/profile', () =>
        HttpResponse.json({ data: { user, recoveryCodesLeft: 10 } }),
      ),
      http.get('/api/wallet', () => HttpResponse.json({ data: buildWallet() })),
      http.get('/api/wallet/transactions', () => HttpResponse.json(transactionPage([]))),
    );
    const view = await openRegister();
    await fillIn(view);
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Save your recovery codes' }, FIND);
    await view.user.click(screen.getByRole('checkbox', { name: 'I have saved them' }));
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, New Renter' }, FIND),
    ).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });
});
