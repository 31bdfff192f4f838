import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Typography, type TableColumnType } from 'antd';
import { Link } from 'react-router';
import {
  PAYPAL_FINDING_LABELS,
  type AdminPayPalDispute,
  type PayPalFinding,
  type PayPalReconciliation,
} from '@crimsonhost/shared/admin-paypal';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import { UsdtAmount } from '../../../components/usdt-amount';
import { timeAgo } from '../../../lib/time-words';
import { paypalPaths } from '../paypal-paths';
import { DepositOwner } from './deposits-table';
import { DetailCard, DetailTable } from './detail-card';
import { DotTag } from './deposit-tags';
import { CurrencyAmount } from './paypal-payments-table';
import { Moment } from './user-tags';

/** The most of each list the API answers. */
export const RECONCILIATION_LIST_LIMIT = 200;

/** Money that disagrees with the ledger is an error; what only waits too long, a warning. */
const FINDING_TONES: Record<PayPalFinding['kind'], 'error' | 'warning'> = {
  CAPTURED_NOT_CREDITED: 'error',
  COMPLETED_WITHOUT_CREDIT: 'error',
  CREDIT_WITHOUT_PAYMENT: 'error',
  STUCK: 'warning',
  EVENT_NOT_PROCESSED: 'warning',
};

const findingLabel = (kind: string) => PAYPAL_FINDING_LABELS[kind as PayPalFinding['kind']] ?? kind;

/** '20 Nov 2026, 09:00 (3 hours ago)': a moment with its age when reconciliation looked. */
function Since({ at, checkedAt }: { at: string; checkedAt: string }) {
  return (
    <>
      <Moment at={at} /> ({timeAgo(Date.parse(at), Date.parse(checkedAt))})
    </>
  );
}

/** The findings, each with its label, what is wrong, since when, and the payment concerned. */
function Findings({ check }: { check: PayPalReconciliation }) {
  if (check.findings.length === 0) {
    return <Alert type="success" showIcon title="Nothing disagrees with the ledger" />;
  }
  const count = check.findings.length;
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title={`${count.toLocaleString('en-US')} finding${count === 1 ? '' : 's'} to look into`}
        description={
          count >= RECONCILIATION_LIST_LIMIT
            ? `The latest ${RECONCILIATION_LIST_LIMIT} are listed.`
            : undefined
        }
      />
      <ol
        aria-label="Findings"
        style={{
          margin: 0,
          paddingInlineStart: 20,
          display: 'flex',
          flexDirection: 'column',
          gap: 12,
        }}
      >
        {check.findings.map((finding, index) => (
          <li key={`${finding.kind}-${finding.transactionId ?? finding.reference ?? ''}-${index}`}>
            <Flex vertical gap={4} align="start" style={{ minWidth: 0 }}>
              <DotTag tone={FINDING_TONES[finding.kind] ?? 'error'}>
                {findingLabel(finding.kind)}
              </DotTag>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                {finding.detail}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Since <Since at={finding.since} checkedAt={check.checkedAt} />
              </Typography.Text>
              {finding.reference && (
                <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                  Reference:{' '}
                  <Typography.Text
                    code
                    copyable={{ text: finding.reference, tooltips: ['Copy reference', 'Copied'] }}
                  >
                    {finding.reference}
                  </Typography.Text>
                </Typography.Text>
              )}
              {finding.transactionId && (
                <Link to={paypalPaths.staffPayPalPayment.href(finding.transactionId)}>
                  Open the payment{' '}
                  <span className="visually-hidden">{`of finding ${index + 1}: ${findingLabel(finding.kind)}`}</span>
                </Link>
              )}
            </Flex>
          </li>
        ))}
      </ol>
    </Flex>
  );
}

type Debt = PayPalReconciliation['debts'][number];

const DEBT_COLUMNS: TableColumnType<Debt>[] = [
  { title: 'Account', key: 'user', render: (_, debt) => <DepositOwner owner={debt.user} /> },
  {
    title: 'Owes',
    dataIndex: 'owed',
    align: 'end',
    render: (owed: string) => <UsdtAmount amount={owed} />,
  },
];

function disputeColumns(checkedAt: string): TableColumnType<AdminPayPalDispute>[] {
  return [
    {
      title: 'Opened',
      dataIndex: 'createdAt',
      render: (at: string) => <Since at={at} checkedAt={checkedAt} />,
    },
    {
      title: 'Payment',
      key: 'payment',
      render: (_, dispute) => (
        <Link to={paypalPaths.staffPayPalPayment.href(dispute.transactionId)}>
          <span className="visually-hidden">PayPal payment disputed for</span>{' '}
          <CurrencyAmount value={dispute.value} currency={dispute.currency} />
        </Link>
      ),
    },
    { title: 'Payer', key: 'payer', render: (_, dispute) => <DepositOwner owner={dispute.user} /> },
    {
      title: 'Dispute id',
      dataIndex: 'disputeId',
      render: (id: string) => (
        <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
          {id}
        </Typography.Text>
      ),
    },
    {
      title: 'Held',
      dataIndex: 'held',
      align: 'end',
      render: (held: string) => <UsdtAmount amount={held} />,
    },
  ];
}

const sumOf = (amounts: string[]) =>
  toUsdtString(amounts.reduce((sum, amount) => sum + parseUsdt(amount), 0n));

/**
 * What PayPal reconciliation found (issue 19 point 4): what disagrees with the ledger or waits too
 * long, the accounts that owe the platform after a payment was taken back, the disputes open at
 * PayPal, and PayPal clearing, as of `checkedAt`. `onCheckAgain` reads it again.
 */
export function PayPalReconciliationView({
  check,
  checking,
  onCheckAgain,
}: {
  check: PayPalReconciliation;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  return (
    <Flex vertical gap={16}>
      <DetailCard
        title="Summary"
        extra={
          <Button
            size="small"
            icon={<ReloadOutlined aria-hidden />}
            loading={checking}
            onClick={onCheckAgain}
          >
            Check again
          </Button>
        }
      >
        <Flex vertical gap={8}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            styles={{ label: { whiteSpace: 'nowrap' } }}
            items={[
              {
                key: 'clearing',
                label: 'PayPal clearing',
                children: <UsdtAmount amount={check.paypalClearing} />,
              },
              {
                key: 'owed',
                label: 'Owed to the platform',
                children: <UsdtAmount amount={sumOf(check.debts.map((debt) => debt.owed))} />,
              },
              {
                key: 'held',
                label: 'Held by open disputes',
                children: (
                  <UsdtAmount amount={sumOf(check.openDisputes.map((dispute) => dispute.held))} />
                ),
              },
              { key: 'checked', label: 'Checked', children: <Moment at={check.checkedAt} /> },
            ]}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            PayPal clearing is the ledger&apos;s account for money at PayPal: it stands at minus
            what PayPal took for the platform and has not given back.
          </Typography.Text>
        </Flex>
      </DetailCard>
      <DetailCard title="Findings">
        <Findings check={check} />
      </DetailCard>
      <DetailCard title="Accounts that owe">
        <DetailTable
          caption="Accounts that owe the platform after a PayPal payment was taken back, most owed first"
          rows={check.debts}
          rowKey={(debt) => debt.user.id}
          columns={DEBT_COLUMNS}
          empty="No account owes the platform"
        />
      </DetailCard>
      <DetailCard title="Open disputes">
        <DetailTable
          caption="Disputes open at PayPal, oldest first"
          rows={check.openDisputes}
          rowKey={(dispute) => dispute.disputeId}
          columns={disputeColumns(check.checkedAt)}
          empty="No dispute is open at PayPal"
        />
      </DetailCard>
    </Flex>
  );
}
