import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readStoredTokens } from '../../../lib/storage';
import { buildSession, buildUser, errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const FIND = { timeout: 15_000 };

describe('Discord sign-in callback', { timeout: 60_000 }, () => {
  it('posts code and state once and signs in', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/auth/discord/callback', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: buildSession() });
      }),
    );
    const view = renderRoute('/auth/discord/callback?code=abc&state=xyz');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'), FIND);
    expect(posted).toEqual([{ code: 'abc', state: 'xyz' }]);
    expect(readStoredTokens()).not.toBeNull();
  });

  it('asks the existing account for its password before linking Discord', async () => {
    let linked: unknown;
    server.use(
      http.post('/api/auth/discord/callback', () =>
        HttpResponse.json(
          errorBody('LINK_REQUIRED', 'An account with this e-mail already exists.', {
            linkToken: 'link-token-123',
            email: 'owner@example.com',
          }),
          { status: 409 },
        ),
      ),
      http.post('/api/auth/discord/link', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        linked = body;
        return body.password === 'the right password'
          ? HttpResponse.json({ data: buildSession(buildUser({ discordLinked: true })) })
          : HttpResponse.json(
              errorBody('WRONG_PASSWORD', 'Incorrect password', {
                fields: [{ field: 'password', message: 'Incorrect password' }],
              }),
              { status: 400 },
            );
      }),
    );
    const view = renderRoute('/auth/discord/callback?code=abc&state=xyz');
    await screen.findByRole('heading', { name: 'Link your Discord account' }, FIND);
    expect(screen.getByText('An account with owner@example.com already exists.')).toBeVisible();

    await view.user.type(screen.getByLabelText('Password'), 'a wrong password');
    await view.user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('Incorrect password', undefined, FIND)).toBeInTheDocument();

    await view.user.clear(screen.getByLabelText('Password'));
    await view.user.type(screen.getByLabelText('Password'), 'the right password');
    await view.user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'), FIND);
    expect(linked).toEqual({ linkToken: 'link-token-123', password: 'the right password' });
  });

  it('explains a sign-in cancelled on Discord', async () => {
    renderRoute('/auth/callback?error=access_denied');
    expect(
      await screen.findByRole('heading', { name: 'Sign-in not completed' }, FIND),
    ).toBeInTheDocument();
    expect(screen.getByText(/You cancelled the sign-in/)).toBeInTheDocument();
  });

  it('sends a code from the generic callback on to the Discord callback', async () => {
    server.use(
      http.post('/api/auth/discord/callback', () =>
        HttpResponse.json(
          errorBody('OAUTH_STATE_INVALID', 'This sign-in link has expired. Start again.'),
          { status: 400 },
        ),
      ),
    );
    const view = renderRoute('/auth/callback?code=abc&state=old');
    expect(
      await screen.findByText('This sign-in link has expired. Start again.', undefined, FIND),
    ).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/auth/discord/callback');
  });

  it('says when the sign-in was started in another browser and offers to start it here', async () => {
    server.use(
      http.post('/api/auth/discord/callback', () =>
        HttpResponse.json(
          errorBody(
            'OAUTH_BROWSER_MISMATCH',
            'This sign-in was started in another browser, or too long ago. Start it again here.',
          ),
          { status: 400 },
        ),
      ),
    );
    renderRoute('/auth/discord/callback?code=abc&state=theirs');
    expect(
      await screen.findByRole('heading', { name: 'Sign-in started elsewhere' }, FIND),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'This sign-in was started in another browser, or too long ago, so it was not completed here. Nobody was signed in.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Start again with Discord/ })).toHaveAttribute(
      'href',
      '/api/auth/discord/start',
    );
    expect(readStoredTokens()).toBeNull();
  });

  it('brings a link started from settings back to /settings, without a new session', async () => {
    server.use(
      http.post('/api/auth/discord/callback', () =>
        HttpResponse.json({ data: { linked: { provider: 'discord', username: 'Gamer One' } } }),
      ),
    );
    const view = renderRoute('/auth/discord/callback?code=abc&state=xyz');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/settings'), FIND);
    expect(
      await screen.findByText('Discord (Gamer One) is linked to your account.', undefined, FIND),
    ).toBeInTheDocument();
  });

  it('says why a Discord account of another CrimsonHost account was not linked', async () => {
    server.use(
      http.post('/api/auth/discord/callback', () =>
        HttpResponse.json(
          errorBody(
            'DISCORD_IN_USE',
            'This Discord account is already linked to another CrimsonHost account.',
          ),
          { status: 409 },
        ),
      ),
    );
    renderRoute('/auth/discord/callback?code=abc&state=xyz');
    await screen.findByRole('heading', { name: 'Discord was not linked' }, FIND);
    expect(screen.getByRole('link', { name: 'Back to settings' })).toBeInTheDocument();
  });
});
