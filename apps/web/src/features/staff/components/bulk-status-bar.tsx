import { Button, Flex, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { TICKET_STATUS_LABELS } from '@crimsonhost/shared/support';
import { STAFF_SETTABLE_STATUSES } from '@crimsonhost/shared/support-desk';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useBulkSetStatus } from '../api/bulk-set-status';
import type { StaffStatus } from '../api/set-ticket-status';

const tickets = (count: number) => `${count} ticket${count === 1 ? '' : 's'}`;

/** One status for every selected ticket, after a confirmation that says how many. */
export function BulkStatusBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const [status, setStatus] = useState<StaffStatus | undefined>(undefined);
  const bulk = useBulkSetStatus();
  const toast = useToast();
  return (
    <Flex wrap gap={8} align="center" role="region" aria-label="Change the selected tickets">
      <Typography.Text aria-live="polite">{tickets(ids.length)} selected</Typography.Text>
      <Select<StaffStatus>
        aria-label="New status for the selected tickets"
        placeholder="Set status to…"
        style={{ minWidth: 200 }}
        value={status}
        options={STAFF_SETTABLE_STATUSES.map((value) => ({
          value,
          label: TICKET_STATUS_LABELS[value],
        }))}
        onChange={setStatus}
      />
      <Popconfirm
        title={
          status ? `Set ${tickets(ids.length)} to ${TICKET_STATUS_LABELS[status]}?` : undefined
        }
        description="Each ticket records the change in its conversation."
        okText="Apply"
        disabled={!status}
        onConfirm={() => {
          if (!status) return;
          bulk.mutate(
            { ids, status },
            {
              onSuccess: ({ updated }) => {
                toast('success', `${tickets(updated)} changed`);
                setStatus(undefined);
                onDone();
              },
              onError: (error) => toast('error', describeApiError(toApiError(error))),
            },
          );
        }}
      >
        <Button type="primary" disabled={!status} loading={bulk.isPending}>
          Apply
        </Button>
      </Popconfirm>
      <Button type="text" onClick={onDone}>
        Clear selection
      </Button>
    </Flex>
  );
}
