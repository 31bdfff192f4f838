import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { renderInApp, signIn } from '../../test/rental-fixtures';
import { dropStaffToken } from '../../lib/staff-token';
import { storeLastActivityAt } from '../../lib/storage';
import { StaffArea } from './staff-area';
import { SUPPORT_USER, serveDeskBasics, serveStaffFactor } from './test/desk-fixtures';
import { STAFF_IDLE_CHECK_MS, isStaffIdle } from './use-staff-idle';

afterEach(() => {
  dropStaffToken();
  vi.useRealTimers();
});

describe('the staff area when the person is away', () => {
  it('counts the last activity of any tab against the idle timeout', () => {
    const now = Date.now();
    storeLastActivityAt(now - 14 * 60_000);
    expect(isStaffIdle(15, now)).toBe(false);
    storeLastActivityAt(now - 15 * 60_000);
    expect(isStaffIdle(15, now)).toBe(true);
  });

  it('ends the staff sign-in and asks for a code, though the desk kept polling', async () => {
    signIn(SUPPORT_USER);
    serveDeskBasics();
    serveStaffFactor({ idleTimeoutMinutes: 15 });
    const signOuts: unknown[] = [];
    server.use(
      http.post('/api/auth/staff/sign-out', async ({ request }) => {
        signOuts.push(await request.json());
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    storeLastActivityAt(Date.now());
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    renderInApp(<StaffArea />, { path: '/admin/*', at: '/admin' });
    expect(
      await screen.findByRole('navigation', { name: 'Staff area' }, { timeout: 10_000 }),
    ).toBeInTheDocument();

    // Sixteen minutes without a key or a click.
    storeLastActivityAt(Date.now() - 16 * 60_000);
    await vi.advanceTimersByTimeAsync(STAFF_IDLE_CHECK_MS);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Enter your code' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(signOuts).toEqual([{}]));
  });
});
