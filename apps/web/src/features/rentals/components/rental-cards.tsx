import { Card, Descriptions, Flex, Pagination, type PaginationProps } from 'antd';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { ConnectionAddress } from './connection-address';
import { RentalActions } from './rental-actions';
import { RentalStatusTag } from './rental-status-tag';
import { RentalPaid, RentalPeriod, RentalServer } from './rental-summary';
import { RunStateBadge } from '../../../components/run-state-badge';
import { RentalTimeLeft } from '../../../components/rental-time-left';

export interface RentalCardsProps {
  rentals: RentalView[];
  pagination: PaginationProps;
}

/** My rentals on a narrow screen: one card each, the same facts and controls as the table. */
export function RentalCards({ rentals, pagination }: RentalCardsProps) {
  return (
    <Flex vertical gap={12}>
      <ul aria-label="My rentals" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rentals.map((rental) => (
          <li key={rental.id} style={{ marginBottom: 12 }}>
            <Card size="small">
              <Flex vertical gap={12}>
                <Flex justify="space-between" align="start" gap={8}>
                  <RentalServer rental={rental} />
                  <RentalStatusTag status={rental.status} />
                </Flex>
                <Descriptions
                  column={1}
                  size="small"
                  items={[
                    ...(rental.status === 'ACTIVE'
                      ? [
                          {
                            key: 'left',
                            label: 'Time left',
                            children: <RentalTimeLeft rental={rental} />,
                          },
                          {
                            key: 'run',
                            label: 'Game server',
                            children: <RunStateBadge rental={rental} />,
                          },
                        ]
                      : []),
                    ...(rental.connection
                      ? [
                          {
                            key: 'connect',
                            label: 'Connect',
                            children: <ConnectionAddress rental={rental} />,
                          },
                        ]
                      : []),
                    { key: 'period', label: 'When', children: <RentalPeriod rental={rental} /> },
                    { key: 'paid', label: 'Paid', children: <RentalPaid rental={rental} /> },
                  ]}
                />
                <RentalActions rental={rental} />
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
      <Pagination {...pagination} align="center" />
    </Flex>
  );
}
