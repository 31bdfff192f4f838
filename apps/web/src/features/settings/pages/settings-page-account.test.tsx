import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/auth-fixtures';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { signIn } from '../../../test/rental-fixtures';
import { renderRoute } from '../../../test/render-route';
import { serveNotifications, serveSessions } from '../test/settings-fixtures';

const FIND = { timeout: 15_000 };

async function openSettings() {
  renderRoute('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, FIND);
}

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('.ant-card') as HTMLElement;

describe('settings: mails and connected accounts', { timeout: 60_000 }, () => {
  it('lists every mail, switches an optional one at once, and marks the rest always on', async () => {
    signIn();
    serveSessions();
    const api = serveNotifications({ weeklyDigest: true });
    await openSettings();
    const messages = await screen.findByRole('switch', { name: 'Messages about a rental' }, FIND);
    expect(messages).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Weekly digest' })).toBeChecked();
    expect(within(section('Mails')).getAllByText('Always on')).toHaveLength(5);
    expect(within(section('Mails')).getByText('Security')).toBeInTheDocument();

    await userEvent.click(messages);
    await waitFor(() => expect(api.patches).toEqual([{ rentalMessages: false }]));
    await waitFor(() => expect(messages).not.toBeChecked());
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('unlinks Discord with the password, saying a wrong one by its field', async () => {
    signIn(buildUser({ discordLinked: true, hasPassword: true }));
    serveSessions();
    const asked: string[] = [];
    server.use(
      http.post('/api/account/discord/unlink', async ({ request }) => {
        const { password } = (await request.json()) as { password: string };
        asked.push(password);
        if (password !== 'right horse') {
          return HttpResponse.json(errorBody('INVALID_CREDENTIALS', 'The password is not right.'), {
            status: 401,
          });
        }
        return HttpResponse.json({ data: { discordLinked: false } });
      }),
    );
    await openSettings();
    const card = section('Connected accounts');
    expect(within(card).getByText('Linked: you can sign in with Discord.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Unlink Discord' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Discord?' });
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink Discord' }));
    expect(await within(dialog).findByText('The password is not right.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'right horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink Discord' }));
    expect(
      await screen.findByText(
        'Discord is unlinked. Sign in with your e-mail and password from now on.',
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual(['wrong', 'right horse']);
  });

  it('tells a Discord-only account to set a password before it can unlink', async () => {
    signIn(buildUser({ discordLinked: true, hasPassword: false }));
    serveSessions();
    await openSettings();
    const card = section('Connected accounts');
    expect(within(card).queryByRole('button', { name: 'Unlink Discord' })).not.toBeInTheDocument();
    expect(within(card).getByText(/Set a password before you unlink Discord/)).toBeInTheDocument();
  });

  it('links Discord through Discord and back, where the storefront offers it', async () => {
    signIn(buildUser({ discordLinked: false, hasPassword: true }));
    serveSessions();
    let started = 0;
    server.use(
      http.get('/api/auth/providers', () => HttpResponse.json({ data: { discord: true } })),
      http.post('/api/auth/discord/link-start', () => {
        started += 1;
        return HttpResponse.json({ data: { url: 'https://discord.example/oauth2/authorize?x=1' } });
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      await openSettings();
      const card = section('Connected accounts');
      await userEvent.click(
        await within(card).findByRole('button', { name: 'Link Discord' }, FIND),
      );
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('https://discord.example/oauth2/authorize?x=1'),
      );
      expect(started).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers no link where the storefront has no Discord sign-in', async () => {
    signIn(buildUser({ discordLinked: false, hasPassword: true }));
    serveSessions();
    server.use(
      http.get('/api/auth/providers', () => HttpResponse.json({ data: { discord: false } })),
    );
    await openSettings();
    const card = section('Connected accounts');
    expect(
      await within(card).findByText(
        'Not linked. This storefront does not offer sign-in with Discord.',
        undefined,
        FIND,
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Link Discord' })).not.toBeInTheDocument();
  });
});
