import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { User } from '@crimsonhost/shared/auth';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { AdminOnly } from '../components/admin-only';
import { ADMIN_USER, buildAuditEntry, serveAudit } from '../test/admin-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { AuditLogPage } from './audit-log-page';

const roleChange = buildAuditEntry({
  at: '2026-11-20T10:15:00.000Z',
  before: { role: 'user', signInLocked: false },
  after: { role: 'vendor', signInLocked: false },
});
const failedSignIn = buildAuditEntry({
  at: '2026-11-20T09:00:00.000Z',
  actor: null,
  clientKind: null,
  ip: '198.51.100.66',
  action: 'staff.sign_in_failed',
  targetId: '60000000-0000-4000-8000-000000000009',
  targetLabel: 'support@crimsonhost.demo',
  before: null,
  after: null,
});
const CURSOR = '1763629200000000_f0000000-0000-4000-8000-000000000002';

function renderAudit(at = '/admin/audit', as: User = ADMIN_USER) {
  signIn(as);
  // As the staff area routes it: admins only.
  return renderInApp(
    <AdminOnly>
      <AuditLogPage />
    </AdminOnly>,
    { path: '/admin/audit', at },
  );
}

describe('the audit log', () => {
  it('lists who did what to whom, from where, newest first', async () => {
    const { asked } = serveAudit([roleChange, failedSignIn]);
    renderAudit();
    const target = await screen.findByRole('link', { name: 'ada@example.com' });
    expect(target).toHaveAttribute('href', `/admin/users/${roleChange.targetId}`);
    const row = target.closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Demo Admin' })).toHaveAttribute(
      'href',
      `/admin/users/${ADMIN_USER.id}`,
    );
    expect(within(row).getByText('admin@crimsonhost.demo')).toBeInTheDocument();
    expect(within(row).getByText('Staff area (admin)')).toBeInTheDocument();
    expect(within(row).getByText('192.0.2.10')).toBeInTheDocument();
    expect(within(row).getByText('Role changed')).toBeInTheDocument();

    const failed = screen.getByText('Failed staff sign-in').closest('tr')!;
    // Nobody was signed in: no actor, no client; and nothing changed, so nothing opens.
    expect(within(failed).getAllByText('—')).toHaveLength(2);
    expect(within(failed).getByText('198.51.100.66')).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: /^Show the change/ })).toBeNull();
    expect(screen.getByText('2 lines')).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('after')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Audit log · Staff · CrimsonHost'));
  });

  it('writes each filter to the URL and asks the API for it', async () => {
    const { asked } = serveAudit([roleChange]);
    const { router, user } = renderAudit('/admin/audit?from=2026-11-01&to=2026-11-20');
    await screen.findByRole('link', { name: 'ada@example.com' });
    expect(screen.getByRole('textbox', { name: 'From date' })).toHaveValue('2026-11-01');
    expect(screen.getByRole('textbox', { name: 'To date' })).toHaveValue('2026-11-20');
    expect(asked[0]!.searchParams.get('from')).toBe(dayjs('2026-11-01').toISOString());
    expect(asked[0]!.searchParams.get('to')).toBe(dayjs('2026-11-20').endOf('day').toISOString());

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByTitle('Penalty given'));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?action=user.penalised&from=2026-11-01&to=2026-11-20',
      ),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Target: e-mail or id' }), 'ada@');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?action=user.penalised&target=ada%40&from=2026-11-01&to=2026-11-20',
      ),
    );
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect(last.get('action')).toBe('user.penalised');
      expect(last.get('target')).toBe('ada@');
      expect(last.get('from')).toBe(dayjs('2026-11-01').toISOString());
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('goes to the next page from where the page shown ended, past a capped count', async () => {
    const later = buildAuditEntry({ targetLabel: 'bob@example.com' });
    const { asked } = serveAudit([], (url) =>
      url.searchParams.get('after') === CURSOR
        ? { entries: [later], meta: { page: 2, total: 1000, totalExact: false, nextCursor: null } }
        : {
            entries: [roleChange],
            meta: { page: 1, total: 1000, totalExact: false, nextCursor: CURSOR },
          },
    );
    const { router, user } = renderAudit();
    await screen.findByRole('link', { name: 'ada@example.com' });
    expect(screen.getByText('1-20 of 1,000+')).toBeInTheDocument();
    expect(screen.getByText('1,000+ lines')).toBeInTheDocument();

    await user.click(screen.getByRole('listitem', { name: 'Next Page' }));
    expect(await screen.findByRole('link', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const last = asked.at(-1)!.searchParams;
    expect(last.get('after')).toBe(CURSOR);
    expect(last.get('page')).toBe('2');
  });

  it('opens a line to show its before and after as lists of fields', async () => {
    serveAudit([roleChange]);
    const { user } = renderAudit();
    const toggle = await screen.findByRole('button', { name: /^Show the change: Role changed, / });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);

    const before = (
      await screen.findByRole('heading', { level: 3, name: 'Before' })
    ).closest<HTMLElement>('.ant-descriptions')!;
    const after = screen
      .getByRole('heading', { level: 3, name: 'After' })
      .closest<HTMLElement>('.ant-descriptions')!;
    expect(within(before).getByText('Role')).toBeInTheDocument();
    expect(within(before).getByText('Customer')).toBeInTheDocument();
    expect(within(before).getByText('Sign in locked')).toBeInTheDocument();
    expect(within(after).getByText('Vendor').tagName).toBe('STRONG');
    expect(within(after).getAllByText('No')).toHaveLength(1);
    expect(screen.queryByText(/[{}]/)).toBeNull();
    expect(
      screen.getByRole('button', { name: /^Hide the change: Role changed, / }),
    ).toHaveAttribute('aria-expanded', 'true');
  });

  it('is not there for support', async () => {
    renderAudit('/admin/audit', SUPPORT_USER);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull();
  });
});
