import { Card, Flex, Pagination, Typography, type PaginationProps } from 'antd';
import type { AdminPayout } from '@crimsonhost/shared/vendor-payouts';
import { ChainText } from './deposit-tags';
import { PayoutLink, PayoutState, PayoutVendor } from './payouts-table';
import { Moment } from './user-tags';

/** The payouts below 768 px: one card each, the same facts as the table. */
export function PayoutCards({
  payouts,
  loading,
  pagination,
  caption,
}: {
  payouts: AdminPayout[];
  loading: boolean;
  pagination: PaginationProps;
  /** What the list shows, for screen readers: the view and search. */
  caption: string;
}) {
  return (
    <Flex vertical gap={12} aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }}>
      <ul aria-label={caption} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {payouts.map((payout) => (
          <li key={payout.id} style={{ marginBottom: 12 }}>
            <Card size="small">
              <Flex vertical gap={6} style={{ minWidth: 0 }}>
                <PayoutLink payout={payout} />
                <PayoutVendor vendor={payout.vendor} />
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  To <ChainText value={payout.address} />
                </Typography.Text>
                <PayoutState payout={payout} />
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  Requested <Moment at={payout.requestedAt} />
                </Typography.Text>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
      <Pagination {...pagination} align="center" />
    </Flex>
  );
}
