import { http, HttpResponse } from 'msw';
import type {
  FaqArticle,
  FaqSearchHit,
  SupportSettings,
  TicketSummary,
} from '@crimsonhost/shared/support';
import { DEFAULT_SUPPORT_SETTINGS } from '@crimsonhost/shared/support';

let n = 0;
const nextId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** A published FAQ article. */
export function buildArticle(overrides: Partial<FaqArticle> = {}): FaqArticle {
  const id = nextId('40000000');
  return {
    id,
    slug: `article-${n}`,
    title: 'Confirmations and network fees',
    body: 'A deposit counts once it has **20 confirmations** on TRC20.',
    category: { slug: 'deposits', name: 'Deposits & payments' },
    updatedAt: '2026-11-01T00:00:00.000Z',
    helpfulYes: 3,
    helpfulNo: 0,
    ...overrides,
  };
}

/** A search hit whose title and snippet mark `word`, as the API highlights it. */
export function hitOf(article: FaqArticle, word: string): FaqSearchHit {
  const mark = (text: string) => {
    const at = text.toLowerCase().indexOf(word.toLowerCase());
    if (at < 0) return [{ text, match: false }];
    return [
      { text: text.slice(0, at), match: false },
      { text: text.slice(at, at + word.length), match: true },
      { text: text.slice(at + word.length), match: false },
    ].filter((part) => part.text);
  };
  return { article, title: mark(article.title), snippet: mark(article.body.replace(/\*/g, '')) };
}

/** A row of GET /api/support/tickets. */
export function buildSummary(overrides: Partial<TicketSummary> = {}): TicketSummary {
  return {
    id: nextId('31000000'),
    number: 1000 + n,
    subject: 'Rust server lags',
    status: 'OPEN',
    priority: 'NORMAL',
    category: 'TECHNICAL',
    createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    lastActivityAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    unread: false,
    ...overrides,
  };
}

export const ticketList = (
  tickets: TicketSummary[],
  meta: { page?: number; total?: number } = {},
) => ({
  data: tickets,
  meta: { page: meta.page ?? 1, pageSize: 20, total: meta.total ?? tickets.length },
});

/** GET /api/support/settings. */
export const serveSettings = (settings: Partial<SupportSettings> = {}) =>
  http.get('/api/support/settings', () =>
    HttpResponse.json({ data: { ...DEFAULT_SUPPORT_SETTINGS, ...settings } }),
  );

export const emptyHistory = {
  data: [],
  meta: { page: 1, pageSize: 100, total: 0, totalExact: true, nextCursor: null },
};
