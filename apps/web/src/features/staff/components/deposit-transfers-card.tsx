import { DollarOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminDepositDetail, AdminDepositTransfer } from '@crimsonhost/shared/admin-deposits';
import { paths } from '../../../app/paths';
import { AdminOnly } from './admin-only';
import { CreditTransferDialog } from './credit-transfer-dialog';
import { DetailCard, DetailTable } from './detail-card';
import { ChainText, confirmationsText, DotTag, TransferStatusTag } from './deposit-tags';
import { Moment } from './user-tags';
import { UsdtAmount } from '../../../components/usdt-amount';

/** The Money page with the ledger transaction open (it reads `?transaction=`). */
const ledgerHref = (transactionId: string) =>
  paths.staffMoney.href(new URLSearchParams({ transaction: transactionId }));

/** The transaction hash, linking to the block explorer of the network it was paid on. */
function TransactionHash({ transfer }: { transfer: AdminDepositTransfer }) {
  if (!transfer.explorerUrl) return <ChainText value={transfer.txHash} />;
  return (
    <a
      href={transfer.explorerUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Transaction ${transfer.txHash} on the block explorer (opens in a new tab)`}
    >
      <ChainText value={transfer.txHash} />
    </a>
  );
}

/** What became of the payment in the wallet: its ledger transaction, or an admin's credit. */
function WalletCell({
  transfer,
  ownerName,
  onCredit,
}: {
  transfer: AdminDepositTransfer;
  ownerName: string;
  onCredit: (transfer: AdminDepositTransfer) => void;
}) {
  if (transfer.creditable) {
    return (
      <AdminOnly fallback={<Typography.Text type="secondary">Waits for an admin</Typography.Text>}>
        <Button
          size="small"
          icon={<DollarOutlined aria-hidden />}
          onClick={() => onCredit(transfer)}
          style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'start' }}
        >
          Credit to {ownerName}
        </Button>
      </AdminOnly>
    );
  }
  if (transfer.ledgerTransactionId) {
    return (
      <AdminOnly fallback="In the wallet">
        <Link to={ledgerHref(transfer.ledgerTransactionId)}>Ledger transaction</Link>
      </AdminOnly>
    );
  }
  return <Typography.Text type="secondary">—</Typography.Text>;
}

function columnsOf(
  ownerName: string,
  onCredit: (transfer: AdminDepositTransfer) => void,
): TableColumnType<AdminDepositTransfer>[] {
  return [
    { title: 'Seen', dataIndex: 'seenAt', render: (at: string) => <Moment at={at} /> },
    {
      title: 'Network',
      key: 'network',
      render: (_, transfer) => (
        <Flex wrap gap={4} align="center">
          <span>{transfer.network}</span>
          {transfer.wrongNetwork && <DotTag tone="error">Wrong network</DotTag>}
        </Flex>
      ),
    },
    {
      // The block under the hash: one column fewer keeps the table inside the card at 1280 px.
      title: 'Transaction',
      key: 'txHash',
      render: (_, transfer) => (
        <Flex vertical>
          <TransactionHash transfer={transfer} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {transfer.blockNumber === null ? 'Not in a block' : `Block ${transfer.blockNumber}`}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'From',
      dataIndex: 'fromAddress',
      render: (address: string) => <ChainText value={address} />,
    },
    {
      title: 'Amount',
      dataIndex: 'amount',
      align: 'end',
      render: (amount: string) => <UsdtAmount amount={amount} />,
    },
    {
      title: 'Confirmations',
      key: 'confirmations',
      render: (_, transfer) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {confirmationsText(transfer.confirmations, transfer.requiredConfirmations)}
        </span>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, transfer) => (
        <Flex wrap gap={4}>
          <TransferStatusTag status={transfer.status} />
          {transfer.late && <DotTag tone="warning">Late</DotTag>}
        </Flex>
      ),
    },
    {
      title: 'Wallet',
      key: 'wallet',
      render: (_, transfer) => (
        <WalletCell transfer={transfer} ownerName={ownerName} onCredit={onCredit} />
      ),
    },
  ];
}

/**
 * Every chain transfer seen at the deposit's address, on its network or the other EVM one; an
 * admin credits by hand the ones held for staff.
 */
export function DepositTransfersCard({ deposit }: { deposit: AdminDepositDetail }) {
  const [crediting, setCrediting] = useState<AdminDepositTransfer | null>(null);
  const [open, setOpen] = useState(false);
  const credit = (transfer: AdminDepositTransfer) => {
    setCrediting(transfer);
    setOpen(true);
  };
  return (
    <DetailCard title="Payments seen">
      <DetailTable
        caption="Payments seen at the address, oldest first"
        rows={deposit.transfers}
        rowKey={(transfer) => transfer.id}
        columns={columnsOf(deposit.user.name, credit)}
        empty="No payment has reached this address yet"
      />
      <CreditTransferDialog
        deposit={deposit}
        transfer={crediting}
        open={open}
        onClose={() => setOpen(false)}
      />
    </DetailCard>
  );
}
