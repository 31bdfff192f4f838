// The messages between a rental's renter and vendor (issue 17 point 8), as one of the two sides or
// support reads them: order, the "New messages" line, "Seen", writing, held and closed answers.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RentalMessage, RentalThread as Thread } from '@crimsonhost/shared/rental-messages';
import { errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { renderInApp, signIn } from '../../test/rental-fixtures';
import {
  buildRentalMessage,
  buildRentalThread,
  serveRentalThread,
} from '../../test/rental-thread-fixtures';
import type { ThreadReader } from './api/get-rental-thread';
import { RentalThread } from './rental-thread';

const LOAD = { timeout: 10_000 };
const RENTAL_ID = '10000000-0000-4000-8000-00000000a001';

function renderThread(reader: ThreadReader = 'renter', endedAt?: string | null) {
  signIn();
  return renderInApp(<RentalThread reader={reader} rentalId={RENTAL_ID} endedAt={endedAt} />, {
    path: '/rentals',
    at: '/rentals',
  });
}

/** The thread; a POST answers `refusal` when given, else the message as sent. */
function serveLiveThread(thread: Thread, refusal?: () => Response) {
  return serveRentalThread('renter', RENTAL_ID, thread, refusal);
}

const textbox = () => screen.getByRole('textbox', { name: 'Your message' });

describe('a rental’s messages', () => {
  it('shows them oldest first with author, side and time, a line before the new ones and Seen under mine', async () => {
    const asked = buildRentalMessage({
      side: 'renter',
      authorName: 'Rita Renter',
      body: 'Is there a **whitelist**?',
      createdAt: '2026-11-26T08:00:00.000Z',
    });
    const answered = buildRentalMessage({
      body: 'Yes: tell me your player name.',
      createdAt: '2026-11-26T08:30:00.000Z',
    });
    const mine = buildRentalMessage({
      side: 'renter',
      authorName: 'Rita Renter',
      body: 'It is RitaR.',
      createdAt: '2026-11-26T09:00:00.000Z',
      seen: true,
    });
    const added = buildRentalMessage({
      body: 'Added you.',
      createdAt: '2026-11-26T09:10:00.000Z',
      unread: true,
      seen: false,
    });
    const restart = buildRentalMessage({
      body: 'The log of last night’s restart.',
      createdAt: '2026-11-26T09:20:00.000Z',
      unread: true,
      seen: false,
      attachments: [
        {
          id: '90000000-0000-4000-8000-000000000001',
          name: 'restart.log',
          contentType: 'text/plain; charset=utf-8',
          size: 2048,
        },
      ],
    });
    let reads = 0;
    serveRentalThread('renter', RENTAL_ID, () => {
      reads += 1;
      // The first read marked the vendor's messages read: the next answers them as read.
      const read = (message: RentalMessage) =>
        reads > 1 ? { ...message, unread: false } : message;
      return buildRentalThread({
        rentalId: RENTAL_ID,
        messages: [asked, answered, mine, added, restart].map(read),
      });
    });
    const { queryClient } = renderThread();

    const list = await screen.findByRole(
      'list',
      { name: 'Messages about Frankfurt Survival' },
      LOAD,
    );
    expect(screen.getByText(/with Nordic Hosting, the vendor/)).toBeInTheDocument();
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Is there a whitelist?'),
      expect.stringContaining('Yes: tell me your player name.'),
      expect.stringContaining('It is RitaR.'),
      'New messages',
      expect.stringContaining('Added you.'),
      expect.stringContaining('The log of last night’s restart.'),
    ]);
    expect(within(items[0]!).getByText('whitelist').tagName).toBe('STRONG');
    expect(within(items[0]!).getByText('Rita Renter')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Renter')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Nordic Hosting')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Vendor')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('time')).toHaveAttribute(
      'datetime',
      '2026-11-26T08:30:00.000Z',
    );
    // Seen: under my latest message only.
    expect(screen.getAllByText('Seen')).toHaveLength(1);
    expect(within(items[2]!).getByText('Seen')).toBeInTheDocument();
    expect(
      within(items[5]!).getByRole('button', { name: 'Download restart.log, text/plain, 2 KB' }),
    ).toBeInTheDocument();
    // Read again (as every 15 s): the line stays where the new messages began.
    await queryClient.refetchQueries();
    expect(reads).toBe(2);
    expect(screen.getByText('New messages').closest('li')!.nextElementSibling).toBe(items[4]);
    const until = document.querySelector('time[datetime="2026-12-03T12:00:00.000Z"]');
    expect(until?.parentElement).toHaveTextContent(
      /^You can write until 3 Dec 2026, \d\d:\d\d\. Ctrl\+Enter \(⌘\+Enter on a Mac\) sends\.$/,
    );
  });

  it('sends what was written and shows it at the end of the thread', async () => {
    const { sent } = serveLiveThread(
      buildRentalThread({ rentalId: RENTAL_ID, messages: [buildRentalMessage()] }),
    );
    const { user } = renderThread();
    await screen.findByRole('list', { name: 'Messages about Frankfurt Survival' }, LOAD);
    await user.type(textbox(), 'Can I install **mods**?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(sent).toEqual([{ message: 'Can I install **mods**?', attachmentIds: [] }]),
    );
    const list = screen.getByRole('list', { name: 'Messages about Frankfurt Survival' });
    expect(await within(list).findByText('mods')).toBeInTheDocument();
    await waitFor(() => expect(textbox()).toHaveValue(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uploads files through the support centre first, then sends their ids', async () => {
    const uploaded: string[] = [];
    server.use(
      http.post('/api/support/attachments', ({ request }) => {
        uploaded.push(new URL(request.url).searchParams.get('name')!);
        return HttpResponse.json(
          {
            data: {
              id: '90000000-0000-4000-8000-000000000042',
              name: 'server.log',
              contentType: 'text/plain',
              size: 3,
            },
          },
          { status: 201 },
        );
      }),
    );
    const { sent } = serveLiveThread(buildRentalThread({ rentalId: RENTAL_ID }));
    const { user, container } = renderThread();
    await screen.findByRole('textbox', { name: 'Your message' }, LOAD);
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['log'], 'server.log', { type: 'text/plain' }),
    );
    const files = await screen.findByRole('list', { name: 'Attached files' });
    expect(files).toHaveTextContent('server.log');
    expect(uploaded).toEqual(['server.log']);
    await user.type(textbox(), 'The log of the crash.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          message: 'The log of the crash.',
          attachmentIds: ['90000000-0000-4000-8000-000000000042'],
        },
      ]),
    );
  });

  it('sends with Ctrl+Enter from the text box', async () => {
    const { sent } = serveLiveThread(buildRentalThread({ rentalId: RENTAL_ID }));
    const { user } = renderThread();
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }, LOAD), 'Hello!');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent).toEqual([{ message: 'Hello!', attachmentIds: [] }]));
  });

  it('tells why a held message was not sent, and keeps the text to edit', async () => {
    const why =
      'Your message seems to share a Discord account. Keep contact details on CrimsonHost. Your message was not sent; please edit it.';
    const { sent } = serveLiveThread(buildRentalThread({ rentalId: RENTAL_ID }), () =>
      HttpResponse.json(errorBody('MESSAGE_HELD', why), { status: 422 }),
    );
    const { user } = renderThread();
    await user.type(
      await screen.findByRole('textbox', { name: 'Your message' }, LOAD),
      'add me on disc0rd: rita#1234',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(why);
    expect(alert).toHaveClass('ant-alert-warning');
    expect(textbox()).toHaveValue('add me on disc0rd: rita#1234');
    expect(sent).toHaveLength(1);
    expect(screen.getByText(/No messages yet/)).toBeInTheDocument();
  });

  it('says when a rate limit stopped the message, keeping the text', async () => {
    serveLiveThread(buildRentalThread({ rentalId: RENTAL_ID }), () =>
      HttpResponse.json(errorBody('RATE_LIMITED', 'Too many messages.'), {
        status: 429,
        headers: { 'Retry-After': '30' },
      }),
    );
    const { user } = renderThread();
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }, LOAD), 'Hi again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
    expect(textbox()).toHaveValue('Hi again');
  });

  it('shows a closed thread without a composer, saying when writing closed', async () => {
    serveRentalThread(
      'renter',
      RENTAL_ID,
      buildRentalThread({
        rentalId: RENTAL_ID,
        writableUntil: null,
        messages: [buildRentalMessage()],
      }),
    );
    renderThread('renter', '2026-11-26T12:00:00.000Z');
    await screen.findByRole('list', { name: 'Messages about Frankfurt Survival' }, LOAD);
    expect(screen.getByText(/^Messages closed on 3 Dec 2026/)).toBeInTheDocument();
    expect(
      screen.getByText(/Messages can be written until 7 days after the rental ends\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('goes read-only when the API answers that writing has ended', async () => {
    serveLiveThread(buildRentalThread({ rentalId: RENTAL_ID }), () =>
      HttpResponse.json(
        errorBody(
          'THREAD_CLOSED',
          'Messages about a rental can be written until 7 days after it ends. For anything else about it, write to support.',
        ),
        { status: 409 },
      ),
    );
    const { user } = renderThread();
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }, LOAD), 'Late');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Messages about a rental can be written until 7 days after it ends. For anything else about it, write to support.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
  });

  it('loads the earlier messages before the oldest shown and puts them first', async () => {
    const earliest = buildRentalMessage({
      body: 'Welcome to Frankfurt Survival.',
      createdAt: '2026-11-25T08:00:00.000Z',
    });
    const oldestShown = buildRentalMessage({
      body: 'Maintenance tonight.',
      createdAt: '2026-11-26T08:00:00.000Z',
    });
    const { asked } = serveRentalThread('renter', RENTAL_ID, (url) =>
      url.searchParams.get('before') === oldestShown.id
        ? buildRentalThread({ rentalId: RENTAL_ID, messages: [earliest] })
        : buildRentalThread({ rentalId: RENTAL_ID, messages: [oldestShown], hasEarlier: true }),
    );
    const { user } = renderThread();
    await screen.findByText('Maintenance tonight.', undefined, LOAD);
    expect(screen.queryByText('Welcome to Frankfurt Survival.')).toBeNull();
    expect(asked[0]!.searchParams.has('before')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    const first = await screen.findByText('Welcome to Frankfurt Survival.');
    expect(asked.at(-1)!.searchParams.get('before')).toBe(oldestShown.id);
    expect(
      first.compareDocumentPosition(screen.getByText('Maintenance tonight.')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });

  it('invites the first message, with the rule on contact details', async () => {
    serveRentalThread(
      'vendor',
      RENTAL_ID,
      buildRentalThread({ rentalId: RENTAL_ID, side: 'vendor' }),
    );
    renderThread('vendor');
    expect(
      await screen.findByText(
        /^No messages yet\. Tell the renter about maintenance.*messages that share phone numbers, e-mail addresses or chat accounts are held\.$/,
        undefined,
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/with Rita Renter, the renter/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveAttribute(
      'placeholder',
      'Write to the renter…',
    );
  });

  it('lets support read without writing', async () => {
    serveRentalThread(
      'staff',
      RENTAL_ID,
      buildRentalThread({ rentalId: RENTAL_ID, side: null, writableUntil: null }),
    );
    renderThread('staff');
    expect(
      await screen.findByText(
        'The renter and the vendor have not written to each other about this rental.',
        undefined,
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Support reads these messages; only the renter and the vendor write here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('tells support when a rental’s messages are not theirs to read', async () => {
    serveRentalThread('staff', RENTAL_ID, () =>
      HttpResponse.json(errorBody('NOT_FOUND', 'Rental not found'), { status: 404 }),
    );
    renderThread('staff');
    expect(
      await screen.findByText(
        'Support can read this rental’s messages once it has a ticket or a moderation flag.',
        undefined,
        LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('says when the messages could not be loaded, and reads again on Retry', async () => {
    let fail = true;
    serveRentalThread('renter', RENTAL_ID, () =>
      fail
        ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The database is asleep.'), { status: 500 })
        : buildRentalThread({ rentalId: RENTAL_ID, messages: [buildRentalMessage()] }),
    );
    const { user } = renderThread();
    expect(
      await screen.findByText('The messages could not be loaded', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('The database is asleep.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('list', { name: 'Messages about Frankfurt Survival' }),
    ).toBeInTheDocument();
  });
});
