import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { AdminOnly } from '../components/admin-only';
import { ADMIN_USER } from '../test/admin-fixtures';
import { buildSettings, buildSettingsVersion, serveSettings } from '../test/settings-fixtures';
import { SettingsPage } from './settings-page';

function renderSettings() {
  signIn(ADMIN_USER);
  return renderInApp(
    <AdminOnly>
      <SettingsPage />
    </AdminOnly>,
    { path: '/admin/settings', at: '/admin/settings' },
  );
}

/** A tier's group of fields in the Benefits tiers section. */
const tier = (name: string) => screen.getByRole('group', { name });
const threshold = (name: string) =>
  within(tier(name)).getByRole('textbox', { name: 'Threshold (USDT)' });
const discount = (name: string) =>
  within(tier(name)).getByRole('spinbutton', { name: 'Discount (basis points)' });

describe('the settings page: benefits tiers', { timeout: 60_000 }, () => {
  it('shows each tier’s threshold and discount, and the tiers in the history', async () => {
    serveSettings(buildSettings(), [
      buildSettingsVersion({
        kind: 'tiers',
        version: 1,
        before: {
          BRONZE: { threshold: '0.000000', discountBp: 0 },
          SILVER: { threshold: '25.000000', discountBp: 200 },
          GOLD: { threshold: '100.000000', discountBp: 400 },
          PLATINUM: { threshold: '300.000000', discountBp: 600 },
        },
        after: {
          BRONZE: { threshold: '0.000000', discountBp: 0 },
          SILVER: { threshold: '10.000000', discountBp: 300 },
          GOLD: { threshold: '100.000000', discountBp: 400 },
          PLATINUM: { threshold: '300.000000', discountBp: 600 },
        },
      }),
    ]);
    renderSettings();
    await screen.findByRole('heading', { level: 2, name: 'Benefits tiers' });
    expect(threshold('Silver')).toHaveValue('25.000000');
    expect(discount('Silver')).toHaveValue('200');
    expect(within(tier('Silver')).getByText('2.00 % off each rental and extension.')).toBeVisible();
    expect(threshold('Platinum')).toHaveValue('300.000000');
    expect(discount('Platinum')).toHaveValue('600');
    // Everyone starts at Bronze: its threshold is not for changing.
    expect(threshold('Bronze')).toBeDisabled();

    expect(await screen.findByText('Benefits tiers · version 1')).toBeInTheDocument();
    expect(screen.getByText('Silver threshold: 25.00 USDT → 10.00 USDT')).toBeInTheDocument();
    expect(
      screen.getByText('Silver discount: 2.00 % (200 bp) → 3.00 % (300 bp)'),
    ).toBeInTheDocument();
  });

  it('says when a discount is above the commission that pays for it', async () => {
    serveSettings(buildSettings());
    const { user } = renderSettings();
    await screen.findByRole('heading', { level: 2, name: 'Benefits tiers' });
    await user.clear(discount('Platinum'));
    await user.type(discount('Platinum'), '1500');
    expect(
      await within(tier('Platinum')).findByText(/renters get at most the commission \(10\.00 %\)/),
    ).toBeInTheDocument();
  });

  it('confirms what changes, then saves the tiers with the version read', async () => {
    const { setCurrent } = serveSettings(buildSettings());
    let sent: unknown;
    server.use(
      http.put('/api/admin/settings/tiers', async ({ request }) => {
        sent = await request.json();
        const next = buildSettings();
        next.tiers.version = 1;
        next.tiers.tiers.SILVER = { threshold: '30.000000', discountBp: 250 };
        setCurrent(next);
        return HttpResponse.json({ data: next });
      }),
    );
    const { user } = renderSettings();
    await screen.findByRole('heading', { level: 2, name: 'Benefits tiers' });
    await user.clear(threshold('Silver'));
    await user.type(threshold('Silver'), '30');
    await user.clear(discount('Silver'));
    await user.type(discount('Silver'), '250');
    expect(within(tier('Silver')).getByText('2.50 % off each rental and extension.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save the benefits tiers settings?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Silver threshold: 25.00 USDT → 30.00 USDT',
      'Silver discount: 2.00 % (200 bp) → 2.50 % (250 bp)',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      version: 0,
      tiers: {
        BRONZE: { threshold: '0.000000', discountBp: 0 },
        SILVER: { threshold: '30', discountBp: 250 },
        GOLD: { threshold: '100.000000', discountBp: 400 },
        PLATINUM: { threshold: '300.000000', discountBp: 600 },
      },
    });
    expect(await screen.findByText('Benefits tiers settings saved.')).toBeInTheDocument();
    await waitFor(() => expect(threshold('Silver')).toHaveValue('30.000000'));
  });

  it('checks a threshold as it is typed, before anything is sent', async () => {
    serveSettings(buildSettings());
    const { user } = renderSettings();
    await screen.findByRole('heading', { level: 2, name: 'Benefits tiers' });
    await user.clear(threshold('Gold'));
    await user.type(threshold('Gold'), '12.5.0');
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    expect(
      await screen.findByText('Gold threshold must be a number with at most 6 decimals'),
    ).toBeInTheDocument();
    expect(threshold('Gold')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the API’s refusal under the tier’s field', async () => {
    serveSettings(buildSettings());
    server.use(
      http.put('/api/admin/settings/tiers', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: "tiers.GOLD.threshold: Gold threshold must be above Silver's (25.000000)",
              details: {
                fields: [
                  {
                    field: 'tiers.GOLD.threshold',
                    message: "Gold threshold must be above Silver's (25.000000)",
                  },
                ],
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderSettings();
    await screen.findByRole('heading', { level: 2, name: 'Benefits tiers' });
    await user.clear(threshold('Gold'));
    await user.type(threshold('Gold'), '20');
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Gold threshold: 100.00 USDT → 20.00 USDT'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(tier('Gold')).findByText("Gold threshold must be above Silver's (25.000000)"),
    ).toBeInTheDocument();
    expect(threshold('Gold')).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells of a save by someone else in between, and reloads their tiers', async () => {
    const { setCurrent } = serveSettings(buildSettings());
    const theirs = buildSettings();
    theirs.tiers = {
      ...theirs.tiers,
      version: 1,
      updatedAt: '2026-11-20T10:00:00.000Z',
      updatedBy: { id: ADMIN_USER.id, name: 'Other Admin' },
    };
    theirs.tiers.tiers.GOLD = { threshold: '150.000000', discountBp: 500 };
    server.use(
      http.put('/api/admin/settings/tiers', () => {
        setCurrent(theirs);
        return HttpResponse.json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Someone else saved these settings a moment ago.',
              details: { current: theirs },
            },
          },
          { status: 409 },
        );
      }),
    );
    const { user } = renderSettings();
    await screen.findByRole('heading', { level: 2, name: 'Benefits tiers' });
    await user.clear(discount('Gold'));
    await user.type(discount('Gold'), '450');
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved these settings a moment ago');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(discount('Gold')).toHaveValue('500'));
    expect(threshold('Gold')).toHaveValue('150.000000');
    expect(screen.queryByText('Someone else saved these settings a moment ago')).toBeNull();
  });
});
