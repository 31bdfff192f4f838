import { Descriptions, Empty, Flex, Tag, Typography, type TableColumnType } from 'antd';
import dayjs from 'dayjs';
import {
  EVIDENCE_HOUR_VERDICT_LABELS,
  type DisputeEvidence,
  type EvidenceHourVerdict,
  type EvidencePanelError,
  type EvidencePowerAction,
  type RunStateSpan,
} from '@crimsonhost/shared/dispute-evidence';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { Dot } from '../../../components/ticket-tags';
import { UsdtAmount } from '../../../components/usdt-amount';
import { formatAmount } from '../../../lib/rentals/rental-money';
import { useDisputeEvidence } from '../api/get-dispute-evidence';
import { DetailCard, DetailTable } from './detail-card';
import {
  evidencePeriods,
  hoursText,
  periodText,
  RUN_STATE_LABELS,
  type EvidencePeriod,
} from './evidence-periods';

/*
 * The colour is a dot beside the words, as on the ticket tags: coloured text on a tinted tag
 * falls under the contrast WCAG asks for, in light and in dark.
 */
const VERDICT_COLORS: Record<EvidenceHourVerdict, string> = {
  up: '#52c41a',
  down: '#DC2626',
  renter_stopped: '#8c8c8c',
  no_measurement: '#faad14',
};

const moment = (at: string) => (
  <time dateTime={at} style={{ whiteSpace: 'nowrap' }}>
    {dayjs(at).format('D MMM, HH:mm')}
  </time>
);

function VerdictTag({ verdict }: { verdict: EvidenceHourVerdict }) {
  return (
    <Tag>
      <Dot color={VERDICT_COLORS[verdict]} />
      {EVIDENCE_HOUR_VERDICT_LABELS[verdict]}
    </Tag>
  );
}

const periodColumns: TableColumnType<EvidencePeriod>[] = [
  {
    title: 'Time',
    key: 'time',
    render: (_, period) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {periodText(period.from, period.to)}
        <Typography.Text type="secondary"> · {hoursText(period.hours)}</Typography.Text>
      </span>
    ),
  },
  {
    title: 'Counts as',
    key: 'verdict',
    render: (_, period) => (
      <Flex vertical gap={2}>
        <span>
          <VerdictTag verdict={period.verdict} />
        </span>
        {period.why && <Typography.Text type="secondary">{period.why}</Typography.Text>}
      </Flex>
    ),
  },
  {
    title: 'Status checks',
    key: 'checks',
    render: (_, period) =>
      period.checks === 0 ? 'None' : `${period.answered} of ${period.checks} answered`,
  },
  {
    title: 'Players',
    key: 'players',
    render: (_, period) => (period.playersMax === null ? '—' : `Up to ${period.playersMax}`),
  },
  {
    title: 'Panel',
    key: 'panel',
    render: (_, period) =>
      period.states.length === 0
        ? 'Not read'
        : period.states.map((state) => RUN_STATE_LABELS[state]).join(' → '),
  },
];

const spanColumns: TableColumnType<RunStateSpan>[] = [
  {
    title: 'State',
    key: 'state',
    render: (_, span) => (span.state ? RUN_STATE_LABELS[span.state] : 'Not read yet'),
  },
  { title: 'From', key: 'from', render: (_, span) => moment(span.from) },
  { title: 'Until', key: 'to', render: (_, span) => moment(span.to) },
  {
    title: 'Detail',
    key: 'detail',
    render: (_, span) => span.detail ?? '—',
  },
];

const SIGNAL_LABELS: Record<EvidencePowerAction['signal'], string> = {
  start: 'Start',
  stop: 'Stop',
  restart: 'Restart',
};

const powerColumns: TableColumnType<EvidencePowerAction>[] = [
  { title: 'Sent', key: 'sent', render: (_, action) => moment(action.sentAt) },
  { title: 'Signal', key: 'signal', render: (_, action) => SIGNAL_LABELS[action.signal] },
  {
    title: 'Outcome',
    key: 'outcome',
    render: (_, action) =>
      action.outcome === 'ok' ? (
        'Taken by the panel'
      ) : (
        <span style={{ overflowWrap: 'anywhere' }}>
          Failed: {action.message ?? 'no reason given'}
        </span>
      ),
  },
];

const errorColumns: TableColumnType<EvidencePanelError>[] = [
  { title: 'When', key: 'at', render: (_, error) => moment(error.at) },
  { title: 'Kind', key: 'kind', dataIndex: 'kind' },
  {
    title: 'Message',
    key: 'message',
    render: (_, error) => <span style={{ overflowWrap: 'anywhere' }}>{error.message}</span>,
  },
];

/** Nothing measured at all: no panel reading, no status check, no signal, no error. */
const measuredNothing = (evidence: DisputeEvidence) =>
  evidence.timeline.every((span) => span.state === null) &&
  evidence.hours.every((hour) => hour.checks === 0) &&
  evidence.powerActions.length === 0 &&
  evidence.panelErrors.length === 0;

function EvidenceFigures({ evidence }: { evidence: DisputeEvidence }) {
  return (
    <Descriptions
      size="small"
      // One column: the card sits in the desk's narrow side column at every width.
      column={1}
      items={[
        {
          key: 'down',
          label: 'Down or unreachable',
          children: `${hoursText(evidence.downHours)} of ${evidence.windowHours}`,
        },
        {
          key: 'unmeasured',
          label: 'Without measurement',
          children: hoursText(evidence.noMeasurementHours),
        },
        {
          key: 'renter',
          label: 'Stopped by the renter',
          children: hoursText(evidence.renterStoppedHours),
        },
        {
          key: 'refund',
          label: 'Suggested refund',
          children: (
            <span>
              <UsdtAmount amount={evidence.suggestedRefund} />
              <Typography.Text type="secondary">
                {' '}
                ({hoursText(evidence.downHours)} × {formatAmount(evidence.pricePerHour)} USDT)
              </Typography.Text>
            </span>
          ),
        },
      ]}
    />
  );
}

function EvidenceBody({ evidence }: { evidence: DisputeEvidence }) {
  const section = (title: string) => (
    <Typography.Title level={3} style={{ fontSize: 14, margin: '4px 0 0' }}>
      {title}
    </Typography.Title>
  );
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        Over the rental, {periodText(evidence.from, evidence.to)}. An hour counts down when the
        panel showed the server not running in it or no status check was answered; the renter&apos;s
        own stops do not count. A suggestion: the decision is yours.
      </Typography.Text>
      <EvidenceFigures evidence={evidence} />
      {measuredNothing(evidence) ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Nothing was measured over this rental: no panel reading, no status check."
        />
      ) : (
        <>
          {section('Hour by hour')}
          <DetailTable
            caption="The rental hour by hour"
            rows={evidencePeriods(evidence)}
            columns={periodColumns}
            rowKey={(period) => period.key}
            empty="No hours in this rental yet."
          />
          {section('Run states from the panel')}
          <DetailTable
            caption="Run states from the panel"
            rows={evidence.timeline}
            columns={spanColumns}
            rowKey={(span) => span.from}
            empty="The panel was not read during this rental."
          />
          {section('Power signals')}
          <DetailTable
            caption="Power signals sent to the panel"
            rows={evidence.powerActions}
            columns={powerColumns}
            rowKey={(action) => `${action.sentAt}-${action.signal}`}
            empty="No start, stop or restart was sent during this rental."
          />
          {section('Panel errors')}
          <DetailTable
            caption="Panel errors"
            rows={evidence.panelErrors}
            columns={errorColumns}
            rowKey={(error) => `${error.at}-${error.kind}-${error.message}`}
            empty="The panel reported no error during this rental."
          />
        </>
      )}
    </Flex>
  );
}

/**
 * What the platform measured over a disputed rental (issue 17 point 4): the hours the server was
 * down or unreachable, the hours nobody measured, the refund those hours suggest, and the run
 * states, status checks, power signals and panel errors they come from.
 */
export function DisputeEvidenceCard({ disputeId }: { disputeId: string }) {
  const evidence = useDisputeEvidence(disputeId);
  let body;
  if (evidence.isPending) {
    body = <ListSkeleton rows={3} />;
  } else if (evidence.isError && !evidence.data) {
    body = <LoadErrorResult title="The measured evidence could not be loaded" query={evidence} />;
  } else {
    body = <EvidenceBody evidence={evidence.data} />;
  }
  return <DetailCard title="Measured evidence">{body}</DetailCard>;
}
