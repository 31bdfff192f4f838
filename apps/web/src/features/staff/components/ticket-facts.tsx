import { Button, Card, Descriptions, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from '@crimsonhost/shared/support';
import { STAFF_SETTABLE_STATUSES, type DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { TicketCategoryTag } from '../../../components/ticket-tags';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useAssignTicket } from '../api/assign-ticket';
import { useClaimTicket } from '../api/claim-ticket';
import { useDeskAgents } from '../api/get-desk-agents';
import { useSetTicketPriority } from '../api/set-ticket-priority';
import { useSetTicketStatus, type StaffStatus } from '../api/set-ticket-status';
import { SlaText } from './sla-text';

const UNASSIGNED = 'none';
const when = (at: string) => dayjs(at).format('D MMM YYYY, HH:mm');

/** The ticket's status, priority and assignee, each changed in place; its SLA and dates. */
export function TicketFacts({ ticket }: { ticket: DeskTicketDetail }) {
  const { user } = useAuth();
  const agents = useDeskAgents();
  const claim = useClaimTicket();
  const assign = useAssignTicket();
  const setStatus = useSetTicketStatus();
  const setPriority = useSetTicketPriority();
  const toast = useToast();
  const fail = (error: unknown) => toast('error', describeApiError(toApiError(error)));

  // OPEN is only ever a new ticket's: it is shown while it is the status, never offered.
  const statuses: TicketStatus[] = [
    ...(ticket.status === 'OPEN' ? (['OPEN'] as const) : []),
    ...STAFF_SETTABLE_STATUSES,
  ];
  const people = agents.data ?? [];
  const assigneeOptions = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(ticket.assignee && !people.some((agent) => agent.id === ticket.assignee?.id)
      ? [ticket.assignee]
      : []),
    ...people,
  ].map((option) =>
    'value' in option
      ? option
      : { value: option.id, label: option.id === user?.id ? `${option.name} (me)` : option.name },
  );
  const mine = ticket.assignee !== null && ticket.assignee.id === user?.id;

  return (
    <Card size="small" title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Ticket</h2>}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Status">
          <Select<TicketStatus>
            aria-label="Status"
            size="small"
            value={ticket.status}
            loading={setStatus.isPending}
            style={{ minWidth: 190 }}
            options={statuses.map((status) => ({
              value: status,
              label: TICKET_STATUS_LABELS[status],
              disabled: status === 'OPEN',
            }))}
            onChange={(status) =>
              setStatus.mutate({ id: ticket.id, status: status as StaffStatus }, { onError: fail })
            }
          />
        </Descriptions.Item>
        <Descriptions.Item label="Priority">
          <Select<TicketPriority>
            aria-label="Priority"
            size="small"
            value={ticket.priority}
            loading={setPriority.isPending}
            style={{ minWidth: 130 }}
            options={TICKET_PRIORITIES.map((priority) => ({
              value: priority,
              label: TICKET_PRIORITY_LABELS[priority],
            }))}
            onChange={(priority) =>
              setPriority.mutate({ id: ticket.id, priority }, { onError: fail })
            }
          />
        </Descriptions.Item>
        <Descriptions.Item label="Category">
          <TicketCategoryTag category={ticket.category} />
        </Descriptions.Item>
        <Descriptions.Item label="SLA">
          <SlaText sla={ticket.sla} detailed />
        </Descriptions.Item>
        <Descriptions.Item label="Assignee">
          <Flex wrap gap={6} align="center">
            <Select<string>
              aria-label="Assignee"
              size="small"
              style={{ minWidth: 170 }}
              loading={assign.isPending}
              value={ticket.assignee?.id ?? UNASSIGNED}
              options={assigneeOptions}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(id) =>
                assign.mutate(
                  { id: ticket.id, assigneeId: id === UNASSIGNED ? null : id },
                  { onError: fail },
                )
              }
            />
            {!mine && (
              <Button
                size="small"
                loading={claim.isPending}
                onClick={() => claim.mutate(ticket.id, { onError: fail })}
              >
                Claim
              </Button>
            )}
            {ticket.assignee && (
              <Button
                size="small"
                type="text"
                loading={assign.isPending && assign.variables?.assigneeId === null}
                onClick={() =>
                  assign.mutate({ id: ticket.id, assigneeId: null }, { onError: fail })
                }
              >
                Unassign
              </Button>
            )}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label="Opened">
          <time dateTime={ticket.createdAt}>{when(ticket.createdAt)}</time>
        </Descriptions.Item>
        <Descriptions.Item label="Last activity">
          <time dateTime={ticket.lastActivityAt}>{when(ticket.lastActivityAt)}</time>
        </Descriptions.Item>
        {ticket.resolvedAt && (
          <Descriptions.Item label="Resolved">
            <time dateTime={ticket.resolvedAt}>{when(ticket.resolvedAt)}</time>
          </Descriptions.Item>
        )}
        {ticket.followsTicket && (
          <Descriptions.Item label="Follows">
            <Link to={paths.staffTicket.href(ticket.followsTicket.id)}>
              #{ticket.followsTicket.number}
            </Link>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
