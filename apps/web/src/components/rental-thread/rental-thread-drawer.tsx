import { Drawer } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { rentalThreadQueryOptions } from './api/get-rental-thread';
import type { ThreadWriter } from './api/send-rental-message';
import { RentalThread, type RentalThreadProps } from './rental-thread';

export interface RentalThreadDrawerProps extends Pick<
  RentalThreadProps,
  'invalidateOnRead' | 'endedAt'
> {
  reader: ThreadWriter;
  /** The rental whose thread is open; null closes the drawer. */
  rentalId: string | null;
  /** The rented server's name when the list knows it; else the thread's answer says it. */
  serverName?: string;
  onClose: () => void;
}

/** "Messages · Frankfurt Survival": the server's name from the list, or from the thread once read. */
function DrawerTitle({
  reader,
  rentalId,
  serverName,
}: {
  reader: ThreadWriter;
  rentalId: string;
  serverName?: string;
}) {
  // Reads the thread's cache only: the thread below asks the API.
  const thread = useInfiniteQuery({
    ...rentalThreadQueryOptions(reader, rentalId),
    enabled: false,
    refetchInterval: false,
  });
  const name = serverName ?? thread.data?.pages[0]?.server.name;
  return <>{name ? `Messages · ${name}` : 'Messages'}</>;
}

/**
 * A rental's messages in a drawer from the right: 560 px wide, the whole width of a phone. Its
 * content goes when it closes, so a closed thread no longer asks for new messages.
 */
export function RentalThreadDrawer({
  reader,
  rentalId,
  serverName,
  onClose,
  ...threadProps
}: RentalThreadDrawerProps) {
  // The last thread opened stays drawn while the drawer slides closed.
  const [shown, setShown] = useState(rentalId);
  if (rentalId !== null && rentalId !== shown) setShown(rentalId);
  return (
    <Drawer
      title={
        shown ? (
          <DrawerTitle reader={reader} rentalId={shown} serverName={serverName} />
        ) : (
          'Messages'
        )
      }
      placement="right"
      open={rentalId !== null}
      onClose={onClose}
      size={560}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
    >
      {shown && (
        <RentalThread key={shown} reader={reader} rentalId={shown} scrollOnLoad {...threadProps} />
      )}
    </Drawer>
  );
}
