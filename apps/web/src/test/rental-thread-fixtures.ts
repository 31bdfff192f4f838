import { http, HttpResponse } from 'msw';
import type { RentalMessage, RentalThread } from '@crimsonhost/shared/rental-messages';
import type { ThreadReader } from '../components/rental-thread/api/get-rental-thread';
import { server } from './msw-server';

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

/** A message from the vendor, read by the renter, written on 26 November 2026. */
export function buildRentalMessage(overrides: Partial<RentalMessage> = {}): RentalMessage {
  return {
    id: uuid('5'),
    side: 'vendor',
    authorName: 'Nordic Hosting',
    body: 'The server restarts at **04:00** for backups.',
    attachments: [],
    createdAt: '2026-11-26T09:15:00.000Z',
    seen: true,
    unread: false,
    ...overrides,
  };
}

/** The thread of a rental of Frankfurt Survival as its renter reads it: open, no messages. */
export function buildRentalThread(overrides: Partial<RentalThread> = {}): RentalThread {
  return {
    rentalId: uuid('4'),
    server: { id: uuid('3'), name: 'Frankfurt Survival' },
    renter: { displayName: 'Rita Renter' },
    vendor: { displayName: 'Nordic Hosting' },
    side: 'renter',
    writableUntil: '2026-12-03T12:00:00.000Z',
    messages: [],
    hasEarlier: false,
    ...overrides,
  };
}

const ROUTES: Record<ThreadReader, string> = {
  renter: '/api/rentals',
  vendor: '/api/vendor/rentals',
  staff: '/api/admin/rentals',
};

type Answer = RentalThread | ((url: URL) => Response | RentalThread);
type SendAnswer = (body: unknown) => Response | RentalMessage;

/**
 * Serves GET (and for a side, POST) of a rental's messages for `reader`: the thread (or what the
 * function answers for the asked URL), and for a POST what `send` answers (by default the message
 * as the reader's own, 201). A message a POST answered ends every thread answered after it, as the
 * API keeps it. Every asked URL and every body sent is recorded.
 */
export function serveRentalThread(
  reader: ThreadReader,
  rentalId: string,
  thread: Answer,
  send?: SendAnswer,
) {
  const asked: URL[] = [];
  const sent: unknown[] = [];
  const added: RentalMessage[] = [];
  const path = `${ROUTES[reader]}/${rentalId}/messages`;
  server.use(
    http.get(path, ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const answer = typeof thread === 'function' ? thread(url) : thread;
      if (answer instanceof Response) return answer;
      const latest = !url.searchParams.has('before');
      const messages = latest ? [...answer.messages, ...added] : answer.messages;
      return HttpResponse.json({ data: { ...answer, messages } });
    }),
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as { message: string };
      sent.push(body);
      const answer = send
        ? send(body)
        : buildRentalMessage({
            side: reader === 'vendor' ? 'vendor' : 'renter',
            authorName: reader === 'vendor' ? 'Nordic Hosting' : 'Rita Renter',
            body: body.message,
            seen: false,
            createdAt: '2026-11-26T10:00:00.000Z',
          });
      if (answer instanceof Response) return answer;
      added.push(answer);
      return HttpResponse.json({ data: answer }, { status: 201 });
    }),
  );
  return { asked, sent };
}
