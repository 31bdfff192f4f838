import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  LEDGER_CHECK_LIST_LIMIT,
  LEDGER_VIOLATION_LABELS,
  type LedgerCheck,
  type LedgerCheckFigures,
} from '@crimsonhost/shared/ledger-admin';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useCheckBooks } from '../api/check-books';
import { MoneyAmount, MoneyTag } from './money-amount';

const COUNTS: Array<[keyof LedgerCheckFigures, string]> = [
  ['transactions', 'Ledger transactions'],
  ['entries', 'Entries'],
  ['accounts', 'Accounts'],
  ['userAccounts', 'Of them users’'],
  ['rentals', 'Rentals'],
  ['activeRentals', 'Of them active'],
  ['depositCredits', 'Deposit credits'],
  ['creditedTransfers', 'Credited chain transfers'],
];

const SUMS: Array<[keyof LedgerCheckFigures, string, string]> = [
  ['userWallets', 'User wallets', 'USDT'],
  ['platformCredit', 'Platform credit', 'PLATFORM'],
  ['escrow', 'Escrow', 'USDT'],
  ['heldByActiveRentals', 'Held by active rentals', 'USDT'],
  ['vendorPending', 'Vendors pending', 'USDT'],
  ['vendorAvailable', 'Vendors available', 'USDT'],
  ['vendorPayoutPending', 'Vendors payout pending', 'USDT'],
  ['platformRevenue', 'Platform revenue', 'USDT'],
  ['chainClearing', 'Chain clearing', 'USDT'],
  ['paypalClearing', 'PayPal clearing', 'USDT'],
  ['owedByUsers', 'Owed by users', 'USDT'],
  ['heldInDisputes', 'Held in PayPal disputes', 'USDT'],
  ['creditedTransferAmount', 'Paid in by credited transfers', 'USDT'],
];

/** What the check counted and summed. */
function CheckFigures({ check }: { check: LedgerCheck }) {
  const { figures } = check;
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        title="What was checked"
        items={COUNTS.map(([key, label]) => ({
          key,
          label,
          children: Number(figures[key]).toLocaleString('en-US'),
        }))}
      />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        title="Sums"
        items={SUMS.map(([key, label, currency]) => ({
          key,
          label,
          children: <MoneyAmount amount={String(figures[key])} currency={currency} />,
        }))}
      />
      <Typography.Text type="secondary">
        Checked at {dayjs(check.checkedAt).format('D MMM YYYY, HH:mm:ss')} in{' '}
        {check.durationMs.toLocaleString('en-US')} ms.
      </Typography.Text>
    </Flex>
  );
}

/** The violations, each in words with the records it names. */
function Violations({ check }: { check: LedgerCheck }) {
  return (
    <ol
      aria-label="Violations"
      style={{
        margin: 0,
        paddingInlineStart: 20,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
      }}
    >
      {check.violations.map((violation, index) => (
        <li key={`${violation.kind}-${index}`}>
          <Flex vertical gap={4} align="start" style={{ minWidth: 0 }}>
            <MoneyTag tone="error">{LEDGER_VIOLATION_LABELS[violation.kind]}</MoneyTag>
            <Typography.Text>{violation.message}</Typography.Text>
            {violation.ids.length > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                Records:{' '}
                {violation.ids.map((id, at) => (
                  <span key={id}>
                    {at > 0 && ', '}
                    <Typography.Text code copyable={{ text: id }}>
                      {id}
                    </Typography.Text>
                  </span>
                ))}
              </Typography.Text>
            )}
          </Flex>
        </li>
      ))}
    </ol>
  );
}

/** "Check the books": proves the ledger's rules over the whole database, on request. */
export function MoneyCheck() {
  const check = useCheckBooks();
  const result = check.data;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Check the books
        </Typography.Title>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Proves that every ledger transaction sums to zero, every cached wallet balance equals its
          entries and none is below zero, the platform’s account rows stay at zero, escrow holds
          exactly what active rentals hold, and every deposit credit matches one chain transfer. It
          only reads.
        </Typography.Paragraph>
        <div>
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined aria-hidden />}
            loading={check.isPending}
            onClick={() => check.mutate()}
          >
            {check.isPending ? 'Checking the books…' : 'Check the books'}
          </Button>
        </div>
        <div aria-live="polite">
          {check.isError && (
            <Alert
              type="error"
              showIcon
              title="The check could not run"
              description={describeApiError(toApiError(check.error))}
            />
          )}
          {result && !check.isPending && (
            <Flex vertical gap={16}>
              {result.ok ? (
                <Alert type="success" showIcon title="The books balance" />
              ) : (
                <Alert
                  type="error"
                  showIcon
                  title={`The books do not balance: ${result.found.toLocaleString('en-US')} violation${result.found === 1 ? '' : 's'}`}
                  description={
                    result.found > result.violations.length
                      ? `The first ${LEDGER_CHECK_LIST_LIMIT} of each kind are listed.`
                      : undefined
                  }
                />
              )}
              {!result.ok && <Violations check={result} />}
              <CheckFigures check={result} />
            </Flex>
          )}
        </div>
      </Flex>
    </Card>
  );
}
