import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSession, errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const FIND = { timeout: 15_000 };

async function openLogin(path = '/login') {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Sign in' }, FIND);
  return view;
}

function loginAnswers(status: number, body: object, headers: Record<string, string> = {}) {
  server.use(http.post('/api/auth/login', () => HttpResponse.json(body, { status, headers })));
}

async function signIn(view: Awaited<ReturnType<typeof openLogin>>, email = 'renter@example.com') {
  await view.user.type(screen.getByLabelText('E-mail'), email);
  await view.user.type(screen.getByLabelText('Password'), 'a long enough password');
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', { timeout: 60_000 }, () => {
  it('says which field is required when it is left, and checks the e-mail as it is typed', async () => {
    const view = await openLogin();
    const email = screen.getByLabelText('E-mail');
    await view.user.click(email);
    await view.user.tab();
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();

    await view.user.type(email, 'not-an-email');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
  });

  it('on submit marks every empty field', async () => {
    const view = await openLogin();
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('shows the server message for wrong credentials', async () => {
    loginAnswers(401, errorBody('LOGIN_FAILED', 'Incorrect e-mail or password'));
    const view = await openLogin();
    await signIn(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password');
  });

  it('tells how long sign-in is slowed down after failures and offers a reset', async () => {
    loginAnswers(429, errorBody('RATE_LIMITED', 'Too many attempts.'), { 'Retry-After': '900' });
    const view = await openLogin();
    await signIn(view);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please wait 15 minutes and try again');
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('tells how long to wait when rate limited', async () => {
    loginAnswers(429, errorBody('RATE_LIMITED', 'Too many attempts.', { retryAfterSeconds: 95 }), {
      'Retry-After': '95',
    });
    const view = await openLogin();
    await signIn(view);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 2 minutes and try again.',
    );
  });

  it('says why and until when an account is suspended', async () => {
    loginAnswers(
      403,
      errorBody('ACCOUNT_SUSPENDED', 'This account is suspended.', {
        until: '2026-12-01T12:00:00.000Z',
        reason: 'chargeback',
      }),
    );
    const view = await openLogin();
    await signIn(view);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/This account is suspended until 1 December 2026/);
    expect(alert).toHaveTextContent('Reason: chargeback.');
  });

  it('puts the API field errors on the fields', async () => {
    loginAnswers(
      400,
      errorBody('VALIDATION_ERROR', 'email: Enter a valid e-mail address', {
        fields: [{ field: 'email', message: 'That address cannot receive mail' }],
      }),
    );
    const view = await openLogin();
    await signIn(view);
    expect(await screen.findByText('That address cannot receive mail')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in and goes to redirectTo', async () => {
    loginAnswers(200, { data: buildSession() });
    const view = await openLogin('/login?redirectTo=%2Fpolicies%2Fbuyer-protection');
    await signIn(view);
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/policies/buyer-protection'),
    );
  });

  it('links to registration and to account recovery', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/recovery',
    );
  });

  it('offers Discord only when the storefront has it', async () => {
    const first = await openLogin();
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Continue with Discord/ })).not.toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('/api/auth/providers', () => HttpResponse.json({ data: { discord: true } })),
    );
    await openLogin();
    expect(await screen.findByRole('link', { name: /Continue with Discord/ })).toHaveAttribute(
      'href',
      '/api/auth/discord/start',
    );
  });
});
