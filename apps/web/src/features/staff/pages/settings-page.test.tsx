import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@crimsonhost/shared/auth';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { AdminOnly } from '../components/admin-only';
import { ADMIN_USER } from '../test/admin-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { buildSettings, buildSettingsVersion, serveSettings } from '../test/settings-fixtures';
import { SettingsPage } from './settings-page';

function renderSettings(as: User = ADMIN_USER) {
  signIn(as);
  // As the staff area routes it: admins only.
  return renderInApp(
    <AdminOnly>
      <SettingsPage />
    </AdminOnly>,
    { path: '/admin/settings', at: '/admin/settings' },
  );
}

const networkGroup = (name: string) => screen.getByRole('group', { name });

describe('the settings page', () => {
  it('shows the deposit config, commission and SLA, and the history in words', async () => {
    serveSettings(buildSettings(), [
      buildSettingsVersion(),
      buildSettingsVersion({
        id: '2',
        kind: 'sla',
        version: 2,
        before: { URGENT: 1, HIGH: 4, NORMAL: 18, LOW: 48 },
        after: { URGENT: 2, HIGH: 4, NORMAL: 18, LOW: 48 },
      }),
    ]);
    renderSettings();
    const erc20 = await screen.findByRole('group', { name: 'Ethereum (ERC20)' });
    expect(within(erc20).getByRole('textbox', { name: 'Fee (%)' })).toHaveValue('1.00');
    expect(screen.getByRole('textbox', { name: 'Minimum (USDT)' })).toHaveValue('10.000000');
    expect(screen.getByRole('spinbutton', { name: 'Commission (basis points)' })).toHaveValue(
      '1000',
    );
    expect(screen.getByRole('spinbutton', { name: 'Urgent (hours)' })).toHaveValue('1');

    expect(await screen.findByText('Rental commission · version 2')).toBeInTheDocument();
    expect(screen.getByText('Commission: 10.00 % (1000 bp) → 7.50 % (750 bp)')).toBeInTheDocument();
    expect(screen.getByText('Support SLA · version 2')).toBeInTheDocument();
    expect(screen.getByText('Urgent priority: 1 h → 2 h')).toBeInTheDocument();
    expect(screen.getAllByText(/Demo Admin ·/)).toHaveLength(2);
  });

  it('says when no one changed the settings yet, and is not there for support', async () => {
    serveSettings(buildSettings());
    const { unmount } = renderSettings();
    expect(await screen.findByText('No one has changed the settings yet.')).toBeInTheDocument();
    unmount();
    renderSettings(SUPPORT_USER);
    expect(await screen.findByText(/not found|does not exist/i)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });

  it('confirms what changes, then saves the new ERC20 fee', async () => {
    const { setCurrent } = serveSettings(buildSettings());
    let sent: unknown;
    server.use(
      http.put('/api/admin/settings/deposits', async ({ request }) => {
        sent = await request.json();
        const next = buildSettings();
        next.deposits.version = 2;
        next.deposits.networks[1]!.feePercent = '2.50';
        setCurrent(next);
        return HttpResponse.json({ data: next });
      }),
    );
    const { user } = renderSettings();
    const erc20 = await screen.findByRole('group', { name: 'Ethereum (ERC20)' });
    const fee = within(erc20).getByRole('textbox', { name: 'Fee (%)' });
    await user.clear(fee);
    await user.type(fee, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save deposits' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save the deposits settings?' });
    expect(within(dialog).getByText('ERC20 fee: 1.00 % → 2.50 %')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      version: 1,
      minAmount: '10.000000',
      maxAmount: '100000.000000',
      defaultNetwork: 'TRC20',
    });
    expect((sent as { networks: Array<{ feePercent: string }> }).networks[1]!.feePercent).toBe(
      '2.5',
    );
    expect(await screen.findByText('Deposits settings saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(networkGroup('Ethereum (ERC20)')).getByRole('textbox', { name: 'Fee (%)' }),
      ).toHaveValue('2.50'),
    );
  });

  it('shows the API’s refusal under the field', async () => {
    serveSettings(buildSettings());
    server.use(
      http.put('/api/admin/settings/deposits', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'maxAmount: Maximum must be at least the minimum',
              details: {
                fields: [{ field: 'maxAmount', message: 'Maximum must be at least the minimum' }],
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderSettings();
    const max = await screen.findByRole('textbox', { name: 'Maximum (USDT)' });
    await user.clear(max);
    await user.type(max, '5');
    await user.click(screen.getByRole('button', { name: 'Save deposits' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Maximum: 100,000.00 USDT → 5.00 USDT')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Maximum must be at least the minimum')).toBeInTheDocument();
    expect(max).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells of a save by someone else in between, and reloads their values', async () => {
    const { setCurrent } = serveSettings(buildSettings());
    const theirs = buildSettings();
    theirs.commission = {
      version: 2,
      basisPoints: 800,
      updatedAt: '2026-11-20T10:00:00.000Z',
      updatedBy: { id: ADMIN_USER.id, name: 'Other Admin' },
    };
    server.use(
      http.put('/api/admin/settings/commission', () => {
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
    const commission = await screen.findByRole('spinbutton', {
      name: 'Commission (basis points)',
    });
    await user.clear(commission);
    await user.type(commission, '750');
    await user.click(screen.getByRole('button', { name: 'Save commission' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved these settings a moment ago');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Commission (basis points)' })).toHaveValue(
        '800',
      ),
    );
    expect(screen.queryByText('Someone else saved these settings a moment ago')).toBeNull();
  });

  it('moves the test clock ahead after asking, and says what ended and cleared', async () => {
    serveSettings(buildSettings());
    let offsetMs = 0;
    const moves: unknown[] = [];
    const view = () => ({
      now: new Date(Date.parse('2026-11-26T12:00:00Z') + offsetMs).toISOString(),
      offsetMs,
    });
    server.use(
      http.get('/api/admin/test-clock', () => HttpResponse.json({ data: view() })),
      http.post('/api/admin/test-clock/advance', async ({ request }) => {
        const body = (await request.json()) as { hours: number };
        moves.push(body);
        offsetMs += body.hours * 3_600_000;
        return HttpResponse.json({ data: { ...view(), rentalsEnded: 0, earningsCleared: 2 } });
      }),
    );
    const { user } = renderSettings();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Test clock' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(card).toHaveTextContent('the real time.');
    expect(within(card).getByRole('button', { name: 'Back to real time' })).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: '7 days ahead' }));
    await user.click(await screen.findByRole('button', { name: 'Move 7 days ahead' }));
    expect(
      await screen.findByText(
        'The clock moved ahead: 0 rentals ended, 2 rentals’ earnings cleared.',
      ),
    ).toBeInTheDocument();
    expect(moves).toEqual([{ hours: 168 }]);
    expect(card).toHaveTextContent('7 days ahead of the real time.');
  });
});
