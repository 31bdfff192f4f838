import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { readStoredTokens } from '../../../lib/storage';
import { buildUser, errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { signIn } from '../../../test/rental-fixtures';
import { renderRoute } from '../../../test/render-route';
import { serveSessions } from '../test/settings-fixtures';

const FIND = { timeout: 15_000 };
const EXPORT = { exportedAt: '2026-11-27T10:00:00.000Z', profile: { email: 'renter@example.com' } };

async function openSettings() {
  const view = renderRoute('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, FIND);
  return view;
}

/** jsdom's Blob has no text(): read as a browser without it would. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('could not read the file'));
    reader.readAsText(blob);
  });
}

/** Catches the file the page hands the browser to save: its name and its text. */
function catchDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      const url = `blob:file-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

/** POST /api/account/delete answering `answer`, keeping what was sent. */
function serveDelete(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/account/delete', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

async function openDeleteDialog(view: Awaited<ReturnType<typeof openSettings>>) {
  await view.user.click(await screen.findByRole('button', { name: 'Delete my account' }, FIND));
  return screen.findByRole('dialog', { name: 'Delete your account?' }, FIND);
}

describe('settings page: privacy', { timeout: 60_000 }, () => {
  it('downloads my data under the name the server gives', async () => {
    signIn();
    serveSessions();
    let authorization: string | null = null;
    server.use(
      http.get('/api/account/export', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(EXPORT, {
          headers: {
            'content-disposition': 'attachment; filename="crimsonhost-data-2026-11-27.json"',
          },
        });
      }),
    );
    const saved = catchDownloads();
    const view = await openSettings();

    await view.user.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(
      await screen.findByText('Downloaded crimsonhost-data-2026-11-27.json.', undefined, FIND),
    ).toBeInTheDocument();
    expect(authorization).toMatch(/^Bearer /);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('crimsonhost-data-2026-11-27.json');
    expect(JSON.parse(await textOf(saved[0]!.blob))).toEqual(EXPORT);
  });

  it('tells why my data could not be downloaded', async () => {
    signIn();
    serveSessions();
    server.use(
      http.get('/api/account/export', () =>
        HttpResponse.json(errorBody('RATE_LIMITED', 'Too many exports.'), { status: 429 }),
      ),
    );
    const saved = catchDownloads();
    const view = await openSettings();
    await view.user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert', undefined, FIND)).toHaveTextContent(
      'Too many exports.',
    );
    expect(saved).toEqual([]);
  });

  it('keeps Delete off until the e-mail is typed, and the password given', async () => {
    signIn();
    serveSessions();
    const sent = serveDelete(() => HttpResponse.json({ data: { deleted: true } }));
    const view = await openSettings();
    const dialog = await openDeleteDialog(view);

    expect(dialog).toHaveTextContent('Your name, e-mail address and Discord link are removed');
    expect(dialog).toHaveTextContent('money history stays in the books');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    const remove = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(remove).toBeDisabled();

    const email = within(dialog).getByLabelText('Type renter@example.com to confirm');
    await view.user.type(email, 'someone@example.com');
    await view.user.type(within(dialog).getByLabelText('Your password'), 'my password');
    expect(remove).toBeDisabled();

    await view.user.clear(email);
    await view.user.type(email, 'Renter@example.com ');
    expect(remove).toBeEnabled();
    await view.user.clear(within(dialog).getByLabelText('Your password'));
    expect(remove).toBeDisabled();
    expect(sent).toEqual([]);

    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists why the account cannot be deleted yet and keeps the dialog open', async () => {
    signIn();
    serveSessions();
    const reasons = [
      'You have 12.50 USDT in your wallet: withdraw or spend it first.',
      '1 rental of yours is still running: cancel or let it end first.',
    ];
    const sent = serveDelete(() =>
      HttpResponse.json(
        errorBody('ACCOUNT_NOT_DELETABLE', 'Your account cannot be deleted yet.', { reasons }),
        { status: 409 },
      ),
    );
    const view = await openSettings();
    const dialog = await openDeleteDialog(view);
    await view.user.type(
      within(dialog).getByLabelText('Type renter@example.com to confirm'),
      'renter@example.com',
    );
    await view.user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    const alert = await within(dialog).findByRole('alert', undefined, FIND);
    expect(alert).toHaveTextContent('Your account cannot be deleted yet.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reasons);
    expect(sent).toEqual([{ confirmEmail: 'renter@example.com', password: 'my password' }]);
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(readStoredTokens()).not.toBeNull();
  });

  it('says the password is not right by its field', async () => {
    signIn();
    serveSessions();
    serveDelete(() =>
      HttpResponse.json(
        errorBody('INVALID_CREDENTIALS', 'The password is not right.', {
          fields: [{ field: 'password', message: 'The password is not right' }],
        }),
        { status: 401 },
      ),
    );
    const view = await openSettings();
    const dialog = await openDeleteDialog(view);
    await view.user.type(
      within(dialog).getByLabelText('Type renter@example.com to confirm'),
      'renter@example.com',
    );
    const password = within(dialog).getByLabelText('Your password');
    await view.user.type(password, 'not my password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(
      await within(dialog).findByText('The password is not right.', undefined, FIND),
    ).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Still signed in: a wrong password is not an expired session.
    expect(readStoredTokens()).not.toBeNull();
  });

  it('shows the field errors the server gives', async () => {
    signIn();
    serveSessions();
    serveDelete(() =>
      HttpResponse.json(
        errorBody('VALIDATION_ERROR', 'Type the e-mail address of this account.', {
          fields: [{ field: 'confirmEmail', message: 'This is not the e-mail of this account' }],
        }),
        { status: 400 },
      ),
    );
    const view = await openSettings();
    const dialog = await openDeleteDialog(view);
    await view.user.type(
      within(dialog).getByLabelText('Type renter@example.com to confirm'),
      'renter@example.com',
    );
    await view.user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('This is not the e-mail of this account', undefined, FIND),
    ).toBeInTheDocument();
  });

  it('signs out here once the account is deleted and lands on the home page', async () => {
    signIn();
    serveSessions();
    const sent = serveDelete(() => HttpResponse.json({ data: { deleted: true } }));
    // The server ended every session already: nothing more is asked of it.
    let loggedOut = 0;
    server.use(
      http.post('/api/auth/logout', () => {
        loggedOut += 1;
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    const view = await openSettings();
    const dialog = await openDeleteDialog(view);
    await view.user.type(
      within(dialog).getByLabelText('Type renter@example.com to confirm'),
      'renter@example.com',
    );
    await view.user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(
      await screen.findByText('Your account was deleted.', undefined, FIND),
    ).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([{ confirmEmail: 'renter@example.com', password: 'my password' }]);
    expect(readStoredTokens()).toBeNull();
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: /login/i }, FIND),
    ).toBeInTheDocument();
    expect(loggedOut).toBe(0);
  });

  it('asks a Discord-only account for its e-mail alone', async () => {
    signIn(buildUser({ authProvider: 'discord', hasPassword: false, discordLinked: true }));
    serveSessions();
    const sent = serveDelete(() => HttpResponse.json({ data: { deleted: true } }));
    const view = await openSettings();
    const dialog = await openDeleteDialog(view);
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();

    await view.user.type(
      within(dialog).getByLabelText('Type renter@example.com to confirm'),
      'renter@example.com',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([{ confirmEmail: 'renter@example.com' }]);
  });
});
