import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_SETTINGS, type SupportSettings } from '@crimsonhost/shared/support';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { serveSettings } from '../test/support-handlers';
import { SupportSettingsPage } from './support-settings-page';

const LOAD = { timeout: 10_000 };
const openSettings = () =>
  renderInApp(<SupportSettingsPage />, { path: '/support/settings', at: '/support/settings' });

describe('support settings', () => {
  it('shows which mails I get and saves a change', async () => {
    signIn();
    let saved: SupportSettings | undefined;
    server.use(
      serveSettings(),
      http.put('/api/support/settings', async ({ request }) => {
        saved = (await request.json()) as SupportSettings;
        return HttpResponse.json({ data: saved });
      }),
    );
    const { user } = openSettings();
    const digest = await screen.findByRole(
      'switch',
      { name: 'Weekly digest of open tickets' },
      LOAD,
    );
    expect(digest).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'A support agent replies' })).toBeChecked();
    expect(screen.getByRole('switch', { name: "My ticket's status changes" })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'My ticket is resolved' })).toBeChecked();
    expect(document.title).toBe('Support settings · CrimsonHost');

    await user.click(digest);
    await user.click(screen.getByRole('switch', { name: 'A support agent replies' }));
    await user.click(screen.getByRole('combobox', { name: 'Default category' }));
    await user.click(await screen.findByTitle('Technical'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Support settings saved')).toBeInTheDocument();
    expect(saved).toEqual({
      ...DEFAULT_SUPPORT_SETTINGS,
      notifyStaffReply: false,
      weeklyDigest: true,
      defaultCategory: 'TECHNICAL',
    });
  });

  it('says why saving failed', async () => {
    signIn();
    server.use(
      serveSettings(),
      http.put('/api/support/settings', () =>
        HttpResponse.json(errorBody('INTERNAL', 'Saving is not possible right now.'), {
          status: 500,
        }),
      ),
    );
    const { user } = openSettings();
    await user.click(await screen.findByRole('button', { name: 'Save' }, LOAD));
    expect(await screen.findByText('Saving is not possible right now.')).toBeInTheDocument();
  });

  it('says when the settings could not be loaded, and reads them again on Retry', async () => {
    signIn();
    let calls = 0;
    server.use(
      http.get('/api/support/settings', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(errorBody('INTERNAL', 'The database is not answering.'), {
              status: 503,
            })
          : HttpResponse.json({ data: DEFAULT_SUPPORT_SETTINGS });
      }),
    );
    const { user } = openSettings();
    expect(
      await screen.findByText('Your support settings could not be loaded', {}, LOAD),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('switch', { name: 'Weekly digest of open tickets' }),
    ).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    openSettings();
    expect(
      await screen.findByText(/Sign in to choose which support mails you get/, {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/support/settings')}`,
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toBeInTheDocument();
  });
});
