import { Flex, Typography, type TableColumnType } from 'antd';
import {
  PENALTY_LABELS,
  type ActiveSession,
  type SignInRecord,
  type UserPenalty,
} from '@crimsonhost/shared/admin';
import { DetailCard, DetailTable } from './detail-card';
import { CLIENT_KIND_LABELS, Moment, signInMethodLabel } from './user-tags';

/** Where a penalty stands now: lifted, recorded, ended or in force. */
function penaltyState(penalty: UserPenalty, now = Date.now()): string {
  if (penalty.liftedAt) return 'Lifted';
  if (penalty.penalty === 'warning') return 'Recorded';
  if (penalty.endsAt && Date.parse(penalty.endsAt) <= now) return 'Ended';
  return 'In force';
}

/** An address and the browser it came from, the browser's own words in small print. */
function Device({ ip, userAgent }: { ip: string | null; userAgent: string | null }) {
  return (
    <Flex vertical style={{ maxWidth: 360 }}>
      <span>{ip ?? '—'}</span>
      {userAgent && (
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {userAgent}
        </Typography.Text>
      )}
    </Flex>
  );
}

const PENALTY_COLUMNS: TableColumnType<UserPenalty>[] = [
  { title: 'Penalty', key: 'penalty', render: (_, row) => PENALTY_LABELS[row.penalty] },
  {
    title: 'Reason',
    dataIndex: 'reason',
    render: (reason: string) => <span style={{ overflowWrap: 'anywhere' }}>{reason}</span>,
  },
  {
    title: 'Given',
    key: 'issued',
    render: (_, row) => (
      <Flex vertical>
        <Moment at={row.issuedAt} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          by {row.issuedBy?.name ?? 'the system'}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Ends',
    key: 'ends',
    render: (_, row) => (row.penalty === 'permanent_ban' ? 'Never' : <Moment at={row.endsAt} />),
  },
  {
    title: 'Now',
    key: 'state',
    render: (_, row) =>
      row.liftedAt ? (
        <Flex vertical>
          <span>
            Lifted <Moment at={row.liftedAt} />
          </span>
          {row.liftReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.liftReason}
            </Typography.Text>
          )}
        </Flex>
      ) : (
        penaltyState(row)
      ),
  },
];

export function PenaltiesCard({ penalties }: { penalties: UserPenalty[] }) {
  return (
    <DetailCard title="Penalties">
      <DetailTable
        caption="Penalties, newest first"
        rows={penalties}
        rowKey={(row) => row.id}
        columns={PENALTY_COLUMNS}
        empty="No penalties so far"
      />
    </DetailCard>
  );
}

const SIGN_IN_COLUMNS: TableColumnType<SignInRecord>[] = [
  { title: 'Time', dataIndex: 'at', render: (at: string) => <Moment at={at} /> },
  {
    title: 'Address',
    key: 'address',
    render: (_, row) => <Device ip={row.ip} userAgent={row.userAgent} />,
  },
  { title: 'Client', key: 'client', render: (_, row) => CLIENT_KIND_LABELS[row.clientKind] },
  { title: 'Method', key: 'method', render: (_, row) => signInMethodLabel(row.method) },
];

export function SignInsCard({ signIns }: { signIns: SignInRecord[] }) {
  return (
    <DetailCard title="Sign-in history">
      <DetailTable
        caption="Sign-ins, newest first"
        rows={signIns}
        rowKey={(row) => `${row.at}-${row.ip ?? ''}-${row.method}`}
        columns={SIGN_IN_COLUMNS}
        empty="No sign-ins recorded"
      />
    </DetailCard>
  );
}

const SESSION_COLUMNS: TableColumnType<ActiveSession>[] = [
  { title: 'Started', dataIndex: 'startedAt', render: (at: string) => <Moment at={at} /> },
  { title: 'Last used', dataIndex: 'lastUsedAt', render: (at: string) => <Moment at={at} /> },
  { title: 'Expires', dataIndex: 'expiresAt', render: (at: string) => <Moment at={at} /> },
  {
    title: 'Address',
    key: 'address',
    render: (_, row) => <Device ip={row.ip} userAgent={row.userAgent} />,
  },
];

export function SessionsCard({ sessions }: { sessions: ActiveSession[] }) {
  return (
    <DetailCard title="Active sessions">
      <DetailTable
        caption="Sessions still open"
        rows={sessions}
        rowKey={(row) => row.id}
        columns={SESSION_COLUMNS}
        empty="Not signed in anywhere"
      />
    </DetailCard>
  );
}
