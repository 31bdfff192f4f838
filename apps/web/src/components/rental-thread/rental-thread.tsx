import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RENTAL_MESSAGES_OPEN_DAYS, type RentalThread } from '@crimsonhost/shared/rental-messages';
import { toApiError } from '../../lib/api-client';
import { describeApiError } from '../../lib/error-messages';
import { ListSkeleton } from '../skeleton-loaders';
import { threadMessages, useRentalThread, type ThreadReader } from './api/get-rental-thread';
import { ThreadComposer } from './thread-composer';
import { ThreadMessages } from './thread-messages';

const EMPTY: Record<ThreadReader, string> = {
  renter:
    'No messages yet. Ask the vendor about the server here. Keep contact details on CrimsonHost: messages that share phone numbers, e-mail addresses or chat accounts are held.',
  vendor:
    'No messages yet. Tell the renter about maintenance or answer their questions here. Keep contact details on CrimsonHost: messages that share phone numbers, e-mail addresses or chat accounts are held.',
  staff: 'The renter and the vendor have not written to each other about this rental.',
};

/** Who the thread is with, as its reader sees it. */
function withWhom(thread: RentalThread, reader: ThreadReader): string {
  if (reader === 'renter') return `with ${thread.vendor.displayName}, the vendor`;
  if (reader === 'vendor') return `with ${thread.renter.displayName}, the renter`;
  return `between ${thread.renter.displayName} (renter) and ${thread.vendor.displayName} (vendor)`;
}

/** Why nobody can write here: support only reads; the sides write until the window closed. */
function closedSentence(reader: ThreadReader, endedAt: string | null | undefined): string {
  if (reader === 'staff')
    return 'Support reads these messages; only the renter and the vendor write here.';
  const window = `Messages can be written until ${RENTAL_MESSAGES_OPEN_DAYS} days after the rental ends.`;
  if (!endedAt) return `Messages are closed. ${window}`;
  const closedOn = dayjs(endedAt).add(RENTAL_MESSAGES_OPEN_DAYS, 'day');
  return `Messages closed on ${closedOn.format('D MMM YYYY, HH:mm')}. ${window}`;
}

export interface RentalThreadProps {
  reader: ThreadReader;
  rentalId: string;
  /**
   * The reader's rentals list, whose unread counts a read changes: read again once the thread
   * has loaded and whenever it brought unread messages.
   */
  invalidateOnRead?: QueryKey;
  /** When the rental ended, if the caller knows: says on which day writing closed. */
  endedAt?: string | null;
  /** In a drawer: once loaded, scroll to the new messages (or the latest one). */
  scrollOnLoad?: boolean;
}

/**
 * The messages between a rental's renter and vendor (issue 17 point 8), for one of them or for
 * support: who it is with, the messages oldest first with the earlier ones on demand, and the
 * composer while the reader may write. Asks again every 15 s while shown.
 */
export function RentalThread({
  reader,
  rentalId,
  invalidateOnRead,
  endedAt,
  scrollOnLoad = false,
}: RentalThreadProps) {
  const thread = useRentalThread(reader, rentalId);
  const queryClient = useQueryClient();
  const [closedNote, setClosedNote] = useState<string | null>(null);
  const [newFrom, setNewFrom] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const pages = thread.data?.pages;
  const messages = useMemo(() => (pages ? threadMessages(pages) : []), [pages]);
  const firstUnread = messages.find((message) => message.unread)?.id ?? null;
  // The "New messages" line stays where it was first drawn, although the next read answers the
  // same messages as read.
  if (newFrom === null && firstUnread !== null) setNewFrom(firstUnread);

  // Reading marked the other side's messages read: the list's unread badge should go.
  const handledAt = useRef(0);
  const { dataUpdatedAt, isSuccess } = thread;
  useEffect(() => {
    if (!isSuccess || dataUpdatedAt === handledAt.current) return;
    const first = handledAt.current === 0;
    handledAt.current = dataUpdatedAt;
    if (invalidateOnRead && (first || firstUnread !== null)) {
      void queryClient.invalidateQueries({ queryKey: invalidateOnRead });
    }
  }, [dataUpdatedAt, firstUnread, invalidateOnRead, isSuccess, queryClient]);

  const scrolled = useRef(false);
  useEffect(() => {
    if (!scrollOnLoad || !isSuccess || scrolled.current) return;
    scrolled.current = true;
    const list = listRef.current;
    const divider = list?.querySelector(':scope > ol > li[data-new-messages]');
    const target = divider ?? list?.querySelector(':scope > ol > li:last-child');
    target?.scrollIntoView?.({ block: divider ? 'start' : 'end' });
  }, [isSuccess, scrollOnLoad]);

  if (thread.isPending) return <ListSkeleton rows={3} />;
  if (!thread.data) {
    const error = toApiError(thread.error);
    if (reader === 'staff' && error.status === 404) {
      return (
        <Typography.Paragraph style={{ margin: 0 }}>
          Support can read this rental’s messages once it has a ticket or a moderation flag.
        </Typography.Paragraph>
      );
    }
    return (
      <Alert
        type="error"
        showIcon
        title="The messages could not be loaded"
        description={describeApiError(error)}
        action={
          <Button size="small" onClick={() => void thread.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }

  const newest = thread.data.pages[0]!;
  const writableUntil = closedNote === null ? newest.writableUntil : null;
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Typography.Text style={{ overflowWrap: 'anywhere' }}>
        <Typography.Text strong>{newest.server.name}</Typography.Text> · {withWhom(newest, reader)}
      </Typography.Text>
      {thread.isRefetchError && (
        <Alert
          type="warning"
          showIcon
          title="New messages could not be fetched; the thread shows what it had."
          action={
            <Button size="small" onClick={() => void thread.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      {thread.hasNextPage && (
        <Button
          onClick={() => void thread.fetchNextPage()}
          loading={thread.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Show earlier messages
        </Button>
      )}
      {thread.isFetchNextPageError && (
        <Alert
          type="error"
          showIcon
          title={`The earlier messages could not be loaded: ${describeApiError(toApiError(thread.error))}`}
        />
      )}
      {messages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY[reader]} />
      ) : (
        <div ref={listRef}>
          <ThreadMessages
            messages={messages}
            side={newest.side}
            newFrom={newFrom}
            label={`Messages about ${newest.server.name}`}
          />
        </div>
      )}
      {reader !== 'staff' && writableUntil ? (
        <ThreadComposer
          reader={reader}
          rentalId={rentalId}
          writableUntil={writableUntil}
          onClosed={setClosedNote}
        />
      ) : (
        <Alert type="info" showIcon title={closedNote ?? closedSentence(reader, endedAt)} />
      )}
    </Flex>
  );
}
