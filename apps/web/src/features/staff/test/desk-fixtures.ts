import { http, HttpResponse } from 'msw';
import type { StaffFactorStatus } from '@crimsonhost/shared/auth';
import type {
  CannedReply,
  DeskStats,
  DeskTicket,
  FaqArticleStats,
  FaqEditorCategory,
  StaffPerson,
} from '@crimsonhost/shared/support-desk';
import { buildUser } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';

/** The demo support agent, as the staff area's tests sign in. */
export const SUPPORT_USER = buildUser({
  id: '60000000-0000-4000-8000-000000000009',
  email: 'support@crimsonhost.demo',
  displayName: 'Demo Support',
  role: 'support',
});

export const AGENTS: StaffPerson[] = [
  { id: '60000000-0000-4000-8000-000000000001', name: 'Ada Agent', email: 'ada@crimsonhost.demo' },
  {
    id: SUPPORT_USER.id,
    name: 'Demo Support',
    email: SUPPORT_USER.email,
  },
];

export const CANNED_REPLY: CannedReply = {
  id: '70000000-0000-4000-8000-000000000001',
  title: 'Ask for details',
  body: 'Hello {{customer.name}}, about #{{ticket.number}} on {{rental.server}}.',
  status: 'WAITING_CUSTOMER',
};

export const STATS: DeskStats = {
  open: 7,
  unassigned: 3,
  overdue: 2,
  mine: 1,
  satisfaction: 4.5,
  ratings: 6,
};

/** Two-step verification set up, and a staff sign-in of this session alive: the area opens. */
export const STAFF_SIGNED_IN: StaffFactorStatus = {
  enrolled: true,
  backupCodesLeft: 10,
  signedIn: true,
  idleTimeoutMinutes: 15,
};

/** GET /api/auth/staff/factor answering `status` (signed in unless told). */
export function serveStaffFactor(status: Partial<StaffFactorStatus> = {}) {
  server.use(
    http.get('/api/auth/staff/factor', () =>
      HttpResponse.json({ data: { ...STAFF_SIGNED_IN, ...status } }),
    ),
  );
}

/**
 * What desk pages ask besides their own data: the staff sign-in (signed in), the staff-area
 * token, agents, canned replies, figures.
 */
export function serveDeskBasics() {
  serveStaffFactor();
  server.use(
    http.post('/api/auth/client-token', () =>
      HttpResponse.json({
        data: {
          access_token: 'staff-token',
          expires_in: 3600,
          token_type: 'Bearer',
          client: 'SUPPORT',
        },
      }),
    ),
    http.get('/api/admin/support/agents', () => HttpResponse.json({ data: AGENTS })),
    http.get('/api/admin/support/canned-replies', () =>
      HttpResponse.json({ data: [CANNED_REPLY] }),
    ),
    http.get('/api/admin/support/stats', () => HttpResponse.json({ data: STATS })),
  );
}

/** GET /api/admin/support/tickets answering `tickets`; every asked URL is recorded. */
export function serveQueue(tickets: DeskTicket[]) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/admin/support/tickets', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json({
        data: tickets,
        meta: { page: 1, pageSize: 20, total: tickets.length },
      });
    }),
  );
  return { asked };
}

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export function buildFaqArticle(overrides: Partial<FaqArticleStats> = {}): FaqArticleStats {
  return {
    id: uuid('a'),
    slug: `article-${next}`,
    title: `Article ${next}`,
    body: 'How it works, in a few sentences.',
    categoryId: '90000000-0000-4000-8000-000000000001',
    published: true,
    position: 0,
    views: 120,
    helpfulYes: 9,
    helpfulNo: 1,
    deflections: 4,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function buildFaqCategory(overrides: Partial<FaqEditorCategory> = {}): FaqEditorCategory {
  return {
    id: uuid('9'),
    slug: `category-${next}`,
    name: `Category ${next}`,
    position: 0,
    articles: [],
    ...overrides,
  };
}
