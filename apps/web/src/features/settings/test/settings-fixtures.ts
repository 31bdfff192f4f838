import { http, HttpResponse } from 'msw';
import type { NotificationSettings } from '@crimsonhost/shared/notifications';
import type { MySession } from '@crimsonhost/shared/sessions';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';

const MINUTE_MS = 60_000;

export function buildMySession(overrides: Partial<MySession> = {}): MySession {
  return {
    id: '0b6f7c1e-4a7d-4c1e-9a52-3f1d2e4c5b6a',
    device: 'Chrome 131 on Windows',
    ip: '203.0.113.7',
    startedAt: '2026-11-20T12:00:00.000Z',
    lastUsedAt: new Date(Date.now() - MINUTE_MS).toISOString(),
    expiresAt: '2026-12-20T12:00:00.000Z',
    current: false,
    ...overrides,
  };
}

/** This browser, and two others (the API lists them in no particular order). */
export function threeSessions(): MySession[] {
  return [
    buildMySession({
      id: '1c3f6a2b-0d4e-4f5a-8b6c-7d8e9f0a1b2c',
      device: 'Firefox 133 on Linux',
      ip: '198.51.100.23',
      lastUsedAt: new Date(Date.now() - 5 * MINUTE_MS).toISOString(),
    }),
    buildMySession({
      id: '2d4a7b3c-1e5f-4a6b-9c7d-8e9f0a1b2c3d',
      device: 'Safari 18 on iOS',
      ip: null,
      startedAt: '2026-11-02T12:00:00.000Z',
      lastUsedAt: new Date(Date.now() - 3 * 24 * 60 * MINUTE_MS).toISOString(),
    }),
    buildMySession({ current: true }),
  ];
}

/**
 * The sessions API over a list that signing out changes, as the server's would. Records the
 * calls: `deleted` the ids signed out one by one, `othersSignedOut` the sign-outs of the others.
 */
export function serveSessions(initial: MySession[] = threeSessions()) {
  const state = { sessions: [...initial], reads: 0, deleted: [] as string[], othersSignedOut: 0 };
  serveNotifications();
  server.use(
    http.get('/api/auth/sessions', () => {
      state.reads += 1;
      return HttpResponse.json({ data: state.sessions });
    }),
    http.delete('/api/auth/sessions/:id', ({ params }) => {
      const id = String(params.id);
      if (!state.sessions.some((session) => session.id === id && !session.current)) {
        return HttpResponse.json(errorBody('NOT_FOUND', 'Session not found'), { status: 404 });
      }
      state.deleted.push(id);
      state.sessions = state.sessions.filter((session) => session.id !== id);
      return HttpResponse.json({ data: { signedOut: 1 } });
    }),
    http.post('/api/auth/sessions/sign-out-others', () => {
      const others = state.sessions.filter((session) => !session.current).length;
      state.othersSignedOut += 1;
      state.sessions = state.sessions.filter((session) => session.current);
      return HttpResponse.json({ data: { signedOut: others } });
    }),
  );
  return state;
}

/** The mail choices as the API keeps them, changed by each PATCH; records the changes asked. */
export function serveNotifications(initial: Partial<NotificationSettings> = {}) {
  const state = {
    settings: {
      rentalMessages: true,
      notifyStaffReply: true,
      notifyStatusChange: true,
      notifyResolved: true,
      weeklyDigest: false,
      ...initial,
    },
    patches: [] as Array<Partial<NotificationSettings>>,
  };
  server.use(
    http.get('/api/account/notifications', () => HttpResponse.json({ data: state.settings })),
    http.patch('/api/account/notifications', async ({ request }) => {
      const patch = (await request.json()) as Partial<NotificationSettings>;
      state.patches.push(patch);
      state.settings = { ...state.settings, ...patch };
      return HttpResponse.json({ data: state.settings });
    }),
  );
  return state;
}
